// What the console's e-mails to its users say: plain text, Portuguese first and English after, as
// one message (an address says nothing of its owner's language). The links in them are credentials.
import { authMessages } from "./console-auth";
import { type Locale, formatDateTime } from "./messages";

export type ConsoleEmail = { subject: string; text: string };

/** Why a setup link is sent: a new user, a new link for one still setting up, or a reset authenticator. */
export type SetupLinkReason = "invitation" | "new_link" | "authenticator_reset";

/** Who sent it: a console user's e-mail, or null for the command line. */
type SetupLinkWords = { reason: SetupLinkReason; sentBy: string | null; role: string; url: string; expiresAt: Date };

const setupWords = {
  "pt-BR": {
    subject: { invitation: "Convite", new_link: "Novo link de acesso", authenticator_reset: "Autenticador redefinido" },
    operator: "Um operador do Cashier",
    opening: {
      invitation: (by: string, role: string) => `${by} convidou você para o console Cashier como ${role}.`,
      new_link: (by: string) =>
        `${by} enviou um novo link para configurar seu acesso ao console Cashier. O link anterior deixou de funcionar.`,
      authenticator_reset: (by: string) =>
        `${by} redefiniu a senha e o autenticador do seu acesso ao console Cashier: configure os dois de novo.`,
    },
    open: "Abra este link para escolher sua senha e ativar o app autenticador:",
    valid: (until: string) =>
      `O link pode ser usado uma vez, até ${until} (horário de Brasília). Não o encaminhe: quem o tiver configura o acesso.`,
    ignore: "Se você não esperava este e-mail, ignore-o.",
  },
  en: {
    subject: { invitation: "Invitation", new_link: "New access link", authenticator_reset: "Authenticator reset" },
    operator: "A Cashier operator",
    opening: {
      invitation: (by: string, role: string) => `${by} invited you to the Cashier console as ${role}.`,
      new_link: (by: string) =>
        `${by} sent you a new link to set up your Cashier console access. The earlier link no longer works.`,
      authenticator_reset: (by: string) =>
        `${by} reset the password and authenticator of your Cashier console access: set both up again.`,
    },
    open: "Open this link to choose your password and turn on the authenticator app:",
    valid: (until: string) =>
      `The link can be used once, until ${until} (Brasília time). Do not forward it: whoever has it sets up the access.`,
    ignore: "If you did not expect this e-mail, ignore it.",
  },
};

const resetWords = {
  "pt-BR": {
    subject: "Redefinir senha",
    asked: (email: string) =>
      `Recebemos um pedido para redefinir a senha do acesso ${email} ao console Cashier. Abra este link para escolher uma nova senha:`,
    valid: (until: string) => `O link pode ser usado uma vez, até ${until} (horário de Brasília).`,
    factor:
      "Se você ativou o app autenticador, ele continua o mesmo: para entrar, você ainda precisa do código dele. Ao usar o link, você sai de todos os dispositivos.",
    ignore: "Se não foi você, ignore este e-mail: sua senha não muda.",
  },
  en: {
    subject: "Reset your password",
    asked: (email: string) =>
      `Someone asked to reset the password of the Cashier console access ${email}. Open this link to choose a new password:`,
    valid: (until: string) => `The link can be used once, until ${until} (Brasília time).`,
    factor:
      "If you turned the authenticator app on, it stays the same: to sign in you still need its code. Using the link signs you out of every device.",
    ignore: "If it was not you, ignore this e-mail: your password does not change.",
  },
};

const LOCALES: Locale[] = ["pt-BR", "en"];

/** One message in both languages, Portuguese first, each language's paragraphs apart. */
const inBothLanguages = (paragraphs: (locale: Locale) => string[]) =>
  LOCALES.map((locale) => paragraphs(locale).join("\n\n")).join("\n\n----\n\n") + "\n";

export function setupLinkEmail(words: SetupLinkWords): ConsoleEmail {
  return {
    subject: `Cashier: ${setupWords["pt-BR"].subject[words.reason]} / ${setupWords.en.subject[words.reason]}`,
    text: inBothLanguages((locale) => {
      const t = setupWords[locale];
      const role = authMessages[locale].nav.roles[words.role] ?? words.role;
      return [
        t.opening[words.reason](words.sentBy ?? t.operator, role.toLowerCase()),
        `${t.open}\n${words.url}`,
        t.valid(formatDateTime(words.expiresAt, locale)),
        t.ignore,
      ];
    }),
  };
}

export function passwordResetEmail(words: { email: string; url: string; expiresAt: Date }): ConsoleEmail {
  return {
    subject: `Cashier: ${resetWords["pt-BR"].subject} / ${resetWords.en.subject}`,
    text: inBothLanguages((locale) => {
      const t = resetWords[locale];
      return [
        `${t.asked(words.email)}\n${words.url}`,
        t.valid(formatDateTime(words.expiresAt, locale)),
        t.factor,
        t.ignore,
      ];
    }),
  };
}
