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
  directErrorTitle: "Não foi possível abrir o pagamento",
  directTokenText: "Este link de pagamento expirou ou não é válido. Volte para a loja e comece o pagamento de novo.",
  directInvalidText: "A loja enviou dados que não podem ser aceitos. Volte para a loja e confira:",
  directConflictText: "Este pedido já foi aberto com outros dados. Volte para a loja e comece o pagamento de novo.",
  sandboxOnly: "Este banco de teste só autoriza pagamentos de lojas em modo sandbox. Volte para a loja e escolha outra forma de pagamento.",
  fieldNames: {
    name: "Nome",
    email: "E-mail",
    cpf: "CPF",
    amount: "Valor",
    currency: "Moeda",
    country: "País",
    paymentMethod: "Forma de pagamento",
    return_url: "Endereço de retorno da loja",
    reference: "Referência do pedido",
    merchant_user: "Identificação do cliente na loja",
    phone: "Telefone",
    brand: "Marca",
  } as Record<string, string>,
  paymentMethodLabel: "Forma de pagamento",
  pix: "Pix",
  amountHint: "Digite o valor que deseja pagar.",
  pixTitle: "Pague com Pix",
  pixIntro: "Abra o app do seu banco, escolha Pix e leia o QR Code ou cole o código abaixo.",
  qrAlt: "QR Code Pix",
  copyCode: "Copiar código",
  copied: "Código copiado",
  pixCodeLabel: "Pix copia e cola",
  timeLeft: "Tempo para pagar",
  waiting: "Aguardando o pagamento…",
  paidConfirmed: "Pagamento confirmado!",
  returning: "Voltando para a loja…",
  errors: {
    name: "Informe seu nome completo.",
    email: "Informe um e-mail válido, como nome@exemplo.com.",
    cpf: "CPF inválido. Confira os 11 dígitos.",
    bank: "Escolha um banco.",
    amount: "Informe um valor válido, como 50,00.",
    paymentMethod: "Escolha uma forma de pagamento.",
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
  directErrorTitle: "The payment could not be opened",
  directTokenText: "This payment link has expired or is not valid. Go back to the shop and start the payment again.",
  directInvalidText: "The shop sent details that cannot be accepted. Go back to the shop and check:",
  directConflictText: "This order was already opened with other details. Go back to the shop and start the payment again.",
  sandboxOnly: "This test bank only authorizes payments to shops in sandbox mode. Go back to the shop and choose another way to pay.",
  fieldNames: {
    name: "Name",
    email: "E-mail",
    cpf: "CPF",
    amount: "Amount",
    currency: "Currency",
    country: "Country",
    paymentMethod: "Payment method",
    return_url: "The shop's return address",
    reference: "Order reference",
    merchant_user: "Customer id at the shop",
    phone: "Phone",
    brand: "Brand",
  },
  paymentMethodLabel: "Payment method",
  pix: "Pix",
  amountHint: "Type the amount you want to pay.",
  pixTitle: "Pay with Pix",
  pixIntro: "Open your bank's app, choose Pix and scan the QR Code or paste the code below.",
  qrAlt: "QR Code Pix",
  copyCode: "Copy code",
  copied: "Code copied",
  pixCodeLabel: "Pix copy and paste",
  timeLeft: "Time left to pay",
  waiting: "Waiting for the payment…",
  paidConfirmed: "Payment confirmed!",
  returning: "Going back to the shop…",
  errors: {
    name: "Enter your full name.",
    email: "Enter a valid e-mail, such as name@example.com.",
    cpf: "This CPF is not valid. Check its 11 digits.",
    bank: "Choose a bank.",
    amount: "Enter a valid amount, such as 50.00.",
    paymentMethod: "Choose a payment method.",
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

/** A path with an explicit ?lang= carried along (none when the language came from the browser). */
export function withLang(path: string, lang: string | undefined): string {
  return lang ? `${path}${path.includes("?") ? "&" : "?"}lang=${encodeURIComponent(lang)}` : path;
}

export function formatBrl(cents: bigint, locale: Locale): string {
  return new Intl.NumberFormat(locale, { style: "currency", currency: "BRL" }).format(Number(cents) / 100);
}
