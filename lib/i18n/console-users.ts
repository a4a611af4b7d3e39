// The console's users page: Brazilian Portuguese first, English second. Roles are named by
// authMessages' nav.roles, the same words the header uses.
import type { Locale } from "./messages";

const ptBR = {
  title: "Usuários",
  intro:
    "Quem entra no console. Cada pessoa recebe um link de configuração, usado uma vez, para criar a senha e ativar o app autenticador.",
  introAdmin:
    "Quem entra no console pelo seu lojista. Cada pessoa recebe um link de configuração, usado uma vez, para criar a senha e ativar o app autenticador.",
  invite: {
    title: "Convidar usuário",
    email: "E-mail",
    role: "Papel",
    roleHint:
      "Leitura vê tudo do lojista e não muda nada; o administrador também cria chaves, muda configurações e convida.",
    merchant: "Lojista",
    merchantHint: "Obrigatório para papéis de lojista; operadores veem todos os lojistas.",
    noMerchant: "Nenhum (operador)",
    submit: "Convidar",
    pending: "Convidando…",
    done: (email: string) => `Convite criado para ${email}.`,
  },
  linkTitle: "Link de configuração",
  linkWarning: (expiresAt: string) =>
    `Envie este link à pessoa por um canal seguro. Ele é mostrado só esta vez, serve uma vez e vale até ${expiresAt}.`,
  linkWarningEmailed: (expiresAt: string) =>
    `Se o e-mail não chegar, envie este link à pessoa por um canal seguro. Ele é mostrado só esta vez, serve uma vez e vale até ${expiresAt}.`,
  emailed: {
    sent: (email: string) => `O link foi enviado por e-mail para ${email}.`,
    failed: (email: string) =>
      `Não foi possível enviar o e-mail para ${email}: o servidor de e-mail recusou ou não respondeu. Entregue o link você mesmo.`,
    not_configured: () => "Este Cashier não envia e-mails (SMTP_URL não configurado): entregue o link você mesmo.",
  },
  link: "Link",
  empty: "Nenhum usuário.",
  listLabel: "Usuários do console",
  you: "você",
  merchant: "Lojista",
  createdAt: (at: string) => `Criado em ${at}`,
  statuses: { active: "Ativo", setup_pending: "Aguardando configuração", disabled: "Desativado" } as Record<
    string,
    string
  >,
  totpOn: "Autenticador ativo",
  totpOff: "Sem autenticador",
  disable: "Desativar",
  disableConfirm: "Confirmar desativação",
  disableWarning:
    "A pessoa sai do console agora, em todos os dispositivos, e não consegue mais entrar nem usar um link de configuração. Não dá para reativar: para voltar, ela precisa de um novo convite com outro e-mail.",
  disabling: "Desativando…",
  newLink: "Novo link de configuração",
  newLinkConfirm: "Gerar novo link",
  newLinkWarning: "O link anterior deixa de funcionar. O novo aparece aqui uma vez.",
  newLinkPending: "Gerando…",
  reset: "Redefinir autenticador",
  resetConfirm: "Confirmar redefinição",
  resetWarning:
    "Para um celular perdido ou trocado: o autenticador, os códigos de recuperação e a senha são apagados, a pessoa sai de todos os dispositivos, e um novo link de configuração (mostrado aqui uma vez) cria senha e autenticador de novo.",
  resetPending: "Redefinindo…",
  fieldNames: { email: "E-mail", role: "Papel", merchantId: "Lojista" } as Record<string, string>,
};

export type UsersMessages = typeof ptBR;

const en: UsersMessages = {
  title: "Users",
  intro:
    "Who signs in to the console. Each person gets a setup link, used once, to create their password and turn on the authenticator app.",
  introAdmin:
    "Who signs in to the console for your merchant. Each person gets a setup link, used once, to create their password and turn on the authenticator app.",
  invite: {
    title: "Invite a user",
    email: "E-mail",
    role: "Role",
    roleHint:
      "A viewer sees everything of the merchant and changes nothing; an admin also creates keys, changes settings and invites.",
    merchant: "Merchant",
    merchantHint: "Required for merchant roles; operators see every merchant.",
    noMerchant: "None (operator)",
    submit: "Invite",
    pending: "Inviting…",
    done: (email: string) => `Invitation created for ${email}.`,
  },
  linkTitle: "Setup link",
  linkWarning: (expiresAt: string) =>
    `Send this link to the person over a safe channel. It is shown this once, works once and is valid until ${expiresAt}.`,
  linkWarningEmailed: (expiresAt: string) =>
    `If the e-mail does not arrive, send this link to the person over a safe channel. It is shown this once, works once and is valid until ${expiresAt}.`,
  emailed: {
    sent: (email: string) => `The link was e-mailed to ${email}.`,
    failed: (email: string) =>
      `The e-mail to ${email} could not be sent: the mail server refused it or did not answer. Hand the link over yourself.`,
    not_configured: () => "This Cashier sends no e-mail (SMTP_URL is not set): hand the link over yourself.",
  },
  link: "Link",
  empty: "No users.",
  listLabel: "Console users",
  you: "you",
  merchant: "Merchant",
  createdAt: (at: string) => `Created ${at}`,
  statuses: { active: "Active", setup_pending: "Awaiting setup", disabled: "Disabled" },
  totpOn: "Authenticator on",
  totpOff: "No authenticator",
  disable: "Disable",
  disableConfirm: "Confirm disabling",
  disableWarning:
    "The person is signed out now, on every device, and can no longer sign in or use a setup link. This cannot be undone: to come back they need a new invitation with another e-mail.",
  disabling: "Disabling…",
  newLink: "New setup link",
  newLinkConfirm: "Issue a new link",
  newLinkWarning: "The earlier link stops working. The new one shows here once.",
  newLinkPending: "Issuing…",
  reset: "Reset authenticator",
  resetConfirm: "Confirm reset",
  resetWarning:
    "For a lost or replaced phone: the authenticator, the recovery codes and the password are cleared, the person is signed out on every device, and a new setup link (shown here once) sets the password and the authenticator again.",
  resetPending: "Resetting…",
  fieldNames: { email: "E-mail", role: "Role", merchantId: "Merchant" },
};

export const usersMessages: Record<Locale, UsersMessages> = { "pt-BR": ptBR, en };
