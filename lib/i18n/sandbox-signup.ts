// The sandbox sign-up's words (issue 42): its two pages and its two e-mails, Brazilian Portuguese
// first, English second. The e-mail goes out in the language of the page it was asked from.
import type { Locale } from "./messages";

const ptBR = {
  title: "Criar conta sandbox",
  intro:
    "Teste a API Pix sem falar com ninguém: informe o nome da sua empresa ou projeto e seu e-mail. Você recebe um link para confirmar o e-mail e, ao confirmar, um lojista sandbox, seu acesso ao console e uma chave de teste. Nada aqui movimenta dinheiro de verdade.",
  name: "Nome da empresa ou do projeto",
  nameHint: "Aparece para quem paga nas páginas de teste. Até 100 caracteres.",
  email: "Seu e-mail",
  emailHint: "Será o seu login no console.",
  submit: "Enviar link de confirmação",
  pending: "Enviando…",
  sent: (email: string) =>
    `Verifique seu e-mail: se ${email} puder receber um cadastro, enviamos para ele uma mensagem com o próximo passo. O link vale por 1 hora.`,
  sentHelp: "Não chegou? Veja a caixa de spam. Enviamos no máximo 3 mensagens por dia para o mesmo endereço.",
  haveAccount: "Já tem acesso?",
  login: "Entrar no console",
  fields: { name: "Nome", email: "E-mail" } as Record<string, string>,
  fieldProblems: {
    name: "informe o nome, com até 100 caracteres.",
    email: "informe um endereço de e-mail válido, como voce@empresa.com.br.",
  } as Record<string, string>,
  failure: {
    codes: {
      rate_limited: "Muitos cadastros pedidos a partir da sua rede. Tente de novo em uma hora.",
      service_unavailable: "Não conseguimos enviar o e-mail agora. Tente de novo em alguns minutos.",
      not_found: "Este link não é válido: ele expirou ou já foi usado.",
      validation_failed: "Confira os campos:",
      invalid_argument: "Não foi possível concluir:",
    } as Record<string, string>,
    fallback: "Não foi possível concluir:",
  },
  confirm: {
    title: "Confirmar cadastro sandbox",
    intro: "Confirme para criar o lojista sandbox e o seu acesso ao console.",
    merchant: "Lojista",
    email: "E-mail",
    submit: "Confirmar e criar conta",
    pending: "Criando…",
    invalid: "Este link não é válido: ele expirou (vale 1 hora) ou não existe. Peça outro na página de cadastro.",
    again: "Pedir outro link",
    used: "Este cadastro já foi confirmado. A chave de teste foi mostrada uma única vez, na confirmação, e não aparece de novo: se você não a guardou, entre no console e crie outra em Chaves.",
    done: "Conta sandbox criada.",
    keyIntro:
      "Use esta chave de teste (mk_test_…) para assinar as chamadas à API. Ela só funciona no sandbox: nenhuma cobrança é real.",
    setupTitle: "Seu acesso ao console",
    setupIntro: (expiresAt: string) =>
      `Abra o link abaixo para criar sua senha (e, se quiser, ativar o app autenticador). Ele é mostrado só esta vez, serve uma vez e vale até ${expiresAt}.`,
    setupLink: "Link de configuração",
    openSetup: "Criar minha senha",
  },
  mail: {
    confirmSubject: "Confirme seu cadastro sandbox no Cashier",
    confirmText: (link: string, merchantName: string) =>
      `Olá,\n\nAlguém (provavelmente você) pediu uma conta sandbox no Cashier para "${merchantName}" com este e-mail.\n\nPara confirmar, abra o link abaixo e toque em "Confirmar e criar conta". O link vale por 1 hora e serve uma vez:\n\n${link}\n\nSe não foi você, ignore esta mensagem: nada será criado.\n`,
    existingSubject: "Você já tem acesso ao Cashier",
    existingText: (loginUrl: string) =>
      `Olá,\n\nAlguém (provavelmente você) pediu uma conta sandbox no Cashier com este e-mail, mas ele já tem acesso ao console. Nenhuma conta nova foi criada.\n\nEntre em:\n\n${loginUrl}\n\nSe não foi você, ignore esta mensagem.\n`,
  },
};

type SignupMessages = typeof ptBR;

const en: SignupMessages = {
  title: "Create a sandbox account",
  intro:
    "Try the Pix API without talking to anyone: give your company's or project's name and your e-mail. You get a link to confirm the e-mail and, once confirmed, a sandbox merchant, your console access and a test key. Nothing here moves real money.",
  name: "Company or project name",
  nameHint: "Shown to payers on the test pages. Up to 100 characters.",
  email: "Your e-mail",
  emailHint: "It will be your console sign-in.",
  submit: "Send confirmation link",
  pending: "Sending…",
  sent: (email: string) =>
    `Check your e-mail: if ${email} can take a sign-up, we sent it a message with the next step. The link lasts 1 hour.`,
  sentHelp: "Nothing arrived? Look in the spam folder. We send at most 3 messages a day to the same address.",
  haveAccount: "Already have access?",
  login: "Sign in to the console",
  fields: { name: "Name", email: "E-mail" },
  fieldProblems: {
    name: "give the name, up to 100 characters.",
    email: "give a valid e-mail address, such as you@company.com.",
  },
  failure: {
    codes: {
      rate_limited: "Too many sign-ups asked for from your network. Try again in an hour.",
      service_unavailable: "We could not send the e-mail now. Try again in a few minutes.",
      not_found: "This link is not valid: it expired or was used.",
      validation_failed: "Check the fields:",
      invalid_argument: "Could not complete:",
    },
    fallback: "Could not complete:",
  },
  confirm: {
    title: "Confirm your sandbox sign-up",
    intro: "Confirm to create the sandbox merchant and your console access.",
    merchant: "Merchant",
    email: "E-mail",
    submit: "Confirm and create account",
    pending: "Creating…",
    invalid:
      "This link is not valid: it expired (it lasts 1 hour) or does not exist. Ask for another on the sign-up page.",
    again: "Ask for another link",
    used: "This sign-up was confirmed already. The test key was shown once, at confirmation, and is not shown again: if you did not keep it, sign in to the console and create another under Keys.",
    done: "Sandbox account created.",
    keyIntro: "Sign your API calls with this test key (mk_test_…). It works in the sandbox only: no charge is real.",
    setupTitle: "Your console access",
    setupIntro: (expiresAt: string) =>
      `Open the link below to choose your password (and, if you like, turn on the authenticator app). It is shown this once, works once and lasts until ${expiresAt}.`,
    setupLink: "Setup link",
    openSetup: "Choose my password",
  },
  mail: {
    confirmSubject: "Confirm your Cashier sandbox sign-up",
    confirmText: (link: string, merchantName: string) =>
      `Hello,\n\nSomeone (probably you) asked for a Cashier sandbox account for "${merchantName}" with this e-mail.\n\nTo confirm, open the link below and press "Confirm and create account". The link lasts 1 hour and works once:\n\n${link}\n\nIf it was not you, ignore this message: nothing will be created.\n`,
    existingSubject: "You already have Cashier access",
    existingText: (loginUrl: string) =>
      `Hello,\n\nSomeone (probably you) asked for a Cashier sandbox account with this e-mail, but it already has console access. No new account was created.\n\nSign in at:\n\n${loginUrl}\n\nIf it was not you, ignore this message.\n`,
  },
};

export const signupMessages: Record<Locale, SignupMessages> = { "pt-BR": ptBR, en };
