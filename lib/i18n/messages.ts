// What customers read on the hosted pages: Brazilian Portuguese first, English second.

const ptBR = {
  pageTitle: "Pagamento",
  payTo: "Pagamento para",
  amount: "Valor",
  yourDetails: "Seus dados",
  detailsIntro: "Confira seus dados. Os campos confirmados pela loja não podem ser alterados.",
  name: "Nome completo",
  email: "E-mail",
  cpf: "CPF",
  locked: "Confirmado pela loja",
  continue: "Continuar",
  fixErrors: "Corrija os campos indicados para continuar.",
  chooseBank: "Escolha o seu banco",
  chooseBankIntro: "Você vai autorizar o pagamento no ambiente do seu banco.",
  consentTitle: "Autorize o pagamento",
  consentIntro: "Simulação do seu banco (sandbox). Confira e autorize o pagamento:",
  payer: "Pagador",
  receiver: "Recebedor",
  bank: "Banco",
  authorize: "Autorizar pagamento",
  decline: "Recusar",
  back: "Voltar",
  backToShop: "Voltar para a loja",
  expiredTitle: "Este link de pagamento expirou",
  expiredText: "O prazo para pagar terminou. Volte para a loja e gere um novo pagamento.",
  paidTitle: "Pagamento já concluído",
  paidText: "Este pagamento já foi feito. Nenhuma outra cobrança será feita.",
  failedTitle: "Pagamento não concluído",
  failedText: "Este pagamento foi recusado ou cancelado. Volte para a loja para tentar de novo.",
  notFoundTitle: "Página não encontrada",
  notFoundText: "Confira o endereço ou volte para a loja onde você iniciou o pagamento.",
  errors: {
    name: "Informe seu nome completo.",
    email: "Informe um e-mail válido, como nome@exemplo.com.",
    cpf: "CPF inválido. Confira os 11 dígitos.",
    bank: "Escolha um banco.",
  },
};

export type Messages = typeof ptBR;

const en: Messages = {
  pageTitle: "Payment",
  payTo: "Payment to",
  amount: "Amount",
  yourDetails: "Your details",
  detailsIntro: "Check your details. Fields confirmed by the shop cannot be changed.",
  name: "Full name",
  email: "E-mail",
  cpf: "CPF",
  locked: "Confirmed by the shop",
  continue: "Continue",
  fixErrors: "Correct the marked fields to continue.",
  chooseBank: "Choose your bank",
  chooseBankIntro: "You will authorize the payment with your bank.",
  consentTitle: "Authorize the payment",
  consentIntro: "Your bank, simulated (sandbox). Check and authorize the payment:",
  payer: "Payer",
  receiver: "Receiver",
  bank: "Bank",
  authorize: "Authorize payment",
  decline: "Decline",
  back: "Back",
  backToShop: "Back to the shop",
  expiredTitle: "This payment link has expired",
  expiredText: "The time to pay is over. Go back to the shop to start a new payment.",
  paidTitle: "Payment already made",
  paidText: "This payment is complete. You will not be charged again.",
  failedTitle: "Payment not completed",
  failedText: "This payment was declined or canceled. Go back to the shop to try again.",
  notFoundTitle: "Page not found",
  notFoundText: "Check the address, or go back to the shop where you started the payment.",
  errors: {
    name: "Enter your full name.",
    email: "Enter a valid e-mail, such as name@example.com.",
    cpf: "This CPF is not valid. Check its 11 digits.",
    bank: "Choose a bank.",
  },
};

export type Locale = "pt-BR" | "en";

export const messages: Record<Locale, Messages> = { "pt-BR": ptBR, en };

/** ?lang=en or ?lang=pt wins; otherwise English only when the browser prefers it to Portuguese. */
export function resolveLocale(lang: string | undefined, acceptLanguage: string | null): Locale {
  if (lang === "en") return "en";
  if (lang === "pt" || lang === "pt-BR") return "pt-BR";
  const preferred = (acceptLanguage ?? "")
    .split(",")
    .map((part) => part.trim().split(";")[0].toLowerCase())
    .find((tag) => tag.startsWith("pt") || tag.startsWith("en"));
  return preferred?.startsWith("en") ? "en" : "pt-BR";
}

export function formatBrl(cents: bigint, locale: Locale): string {
  return new Intl.NumberFormat(locale, { style: "currency", currency: "BRL" }).format(Number(cents) / 100);
}
