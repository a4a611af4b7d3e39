// What customers read on the hosted pages: Brazilian Portuguese first, English second.
import type { RefusalReasonCode } from "../errors/refusal-reasons";

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
  backToPayment: "Voltar para o pagamento",
  testMode: { title: "Ambiente de testes", text: "nenhum dinheiro real é movimentado" },
  expiredTitle: "Este link de pagamento expirou",
  expiredText: "O prazo para pagar terminou. Volte para a loja e gere um novo pagamento.",
  failedTitle: "Pagamento não concluído",
  failedText: "Este pagamento foi recusado ou cancelado. Volte para a loja para tentar de novo.",
  notFoundTitle: "Página não encontrada",
  notFoundText: "Confira o endereço ou volte para a loja onde você iniciou o pagamento.",
  // The way back from a bank that names no payment (lib/initiations/return-from-bank).
  bankReturnTitle: "Estamos confirmando o seu pagamento",
  bankReturnText:
    "Se você aprovou o pagamento no seu banco, ele será confirmado em instantes e a loja será avisada. Volte para a loja para acompanhar o seu pedido.",
  directErrorTitle: "Não foi possível abrir o pagamento",
  directTokenText: "Este link de pagamento expirou ou não é válido. Volte para a loja e comece o pagamento de novo.",
  directInvalidText: "A loja enviou dados que não podem ser aceitos. Volte para a loja e confira:",
  directConflictText: "Este pedido já foi aberto com outros dados. Volte para a loja e comece o pagamento de novo.",
  sandboxOnly:
    "Este banco de teste só autoriza pagamentos de lojas em modo sandbox. Volte para a loja e escolha outra forma de pagamento.",
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
  qrAlt: "QR Code Pix",
  pixCodeLabel: "Pix copia e cola",
  waiting: "Aguardando o pagamento…",
  checkPayment: "Já pagou? Ver se o pagamento chegou",
  rateLimitedTitle: "Muitas tentativas em pouco tempo",
  rateLimitedText: "Aguarde um minuto e tente de novo. Se continuar, volte para a loja e comece o pagamento de novo.",
  copyPixCode: "Copiar código Pix",
  copiedToast: "Código copiado. Agora cole no app do seu banco.",
  copyFailed:
    "Não deu para copiar sozinho. O código abaixo está selecionado: toque e segure sobre ele e escolha Copiar.",
  pixSteps: [
    "Toque em Copiar código Pix.",
    "No app do seu banco, escolha Pix copia e cola.",
    "Cole o código e confirme.",
  ],
  payUntil: "Pague até",
  countdownLabel: "Tempo restante",
  otherPhone: "Pagar com outro celular?",
  qrHint: "No outro celular, abra o app do banco, escolha Pix e leia o QR Code.",
  bankShows: "No app do banco, o recebedor aparece como",
  processedBy: "Pagamento processado por",
  help: "Ajuda",
  privacy: "Privacidade",
  terms: "Termos",
  receiptTitle: "Pagamento confirmado",
  refundedTitle: "Pagamento devolvido",
  refundedText: "{refunded} voltou para a conta que pagou.",
  partiallyRefundedText: "Devolvido parcialmente: {refunded} de {amount}",
  paidTo: "Pago a",
  paidAt: "Data e hora",
  transactionId: "Identificação da transação",
  endToEndId: "ID Pix (fim a fim)",
  brasiliaTime: "horário de Brasília",
  methodBank: "Pix pelo banco ({bank})",
  saveReceipt: "Salvar comprovante",
  returningIn: "Voltando para a loja em",
  seconds: "s",
  stayOnPage: "Ficar nesta página",
  countdownStopped: "Contagem parada. Volte para a loja quando quiser.",
  notFoundBack: "Ver a ajuda do pagamento",
  errorCode: "Código do erro",
  technicalDetail: "Detalhe técnico",
  shopProblems: "O que a loja precisa corrigir:",
  amountLimits: "De R$ 0,01 até",
  changeBank: "Trocar de banco",
  payByPixInstead: "Outro banco? Pague com Pix",
  payByPixHint: "O mesmo pedido, pago pelo app de qualquer banco.",
  chargeIssuedTitle: "O código Pix já foi gerado",
  chargeIssuedText:
    "O código Pix deste pagamento leva o valor acima, por isso o valor e a forma de pagamento não podem mais ser alterados. Para pagar outro valor, volte para a loja e comece um novo pagamento.",
  goToPix: "Ver o código Pix",
  sending: "Enviando…",
  cpfCheck: "Este CPF não existe. Confira os dígitos.",
  fieldProblems: {
    name: "o nome do pagador está faltando ou incompleto",
    email: "o e-mail do pagador não é válido",
    cpf: "o CPF do pagador não é válido",
    amount: "o valor não é válido",
    currency: "a moeda precisa ser real (BRL)",
    country: "o país precisa ser Brasil (BR)",
    paymentMethod: "esta forma de pagamento não está disponível",
    return_url: "o endereço de retorno da loja não é aceito",
    reference: "a referência do pedido não é válida",
    merchant_user: "a identificação do cliente na loja não é válida",
    phone: "o telefone não é válido",
    brand: "a marca não é válida",
  } as Record<string, string>,
  helpTitle: "Ajuda com o pagamento",
  helpSections: [
    [
      "ajuda",
      "Ajuda",
      "Este pagamento é processado pelo Cashier em nome da loja. Dúvidas sobre o pedido, a entrega ou um reembolso: fale com a loja onde você comprou. Se o link expirou, volte para a loja e comece o pagamento de novo.",
    ],
    [
      "privacidade",
      "Privacidade",
      "Usamos seu nome, CPF e e-mail só para processar este pagamento e cumprir obrigações legais, conforme a LGPD. Nas páginas de pagamento, o CPF e o e-mail aparecem mascarados, porque o link pode ser compartilhado.",
    ],
    [
      "termos",
      "Termos",
      "O pagamento é feito pelo Pix ou pelo seu banco e só é concluído quando você o confirma. A loja é responsável pelo pedido; o Cashier, pela cobrança.",
    ],
  ] as [string, string, string][],
  contacts: {
    title: "Fale com a gente",
    intro: "Dúvidas sobre a cobrança ou sobre seus dados pessoais:",
    sac: "SAC",
    email: "E-mail",
    company: "Empresa",
    cnpj: "CNPJ",
    dpo: "Encarregado de dados (LGPD)",
  },
  liveBank: {
    chooseIntro: "Você vai aprovar o pagamento no app ou no site do seu banco e voltar para cá.",
    featured: "Bancos mais usados",
    searchTitle: "Outro banco",
    searchLabel: "Nome do banco",
    searchHint: "Busque pelo nome, como Itaú ou Inter. Buscar sem nome mostra todos.",
    search: "Buscar",
    results: "Bancos encontrados",
    noResults: "Nenhum banco encontrado com esse nome. Confira a grafia ou pague com Pix.",
    refused: "não aceitou iniciar este pagamento. Escolha outro banco ou pague com Pix.",
    refusedGeneric: "O banco não aceitou iniciar este pagamento. Escolha outro banco ou pague com Pix.",
    unavailable:
      "Não conseguimos falar com o serviço de pagamento pelo banco agora. Tente de novo em instantes ou pague com Pix.",
    notListed: "Esse banco não está mais na lista. Escolha um dos bancos abaixo.",
    listUnavailable: "A lista de bancos não está disponível agora. Atualize a página em instantes ou pague com Pix.",
    reason: "Motivo informado",
    reasons: {
      declined_at_bank: "o banco não aprovou o pagamento.",
      initiator_refused: "o banco não aceitou iniciar o pagamento.",
    } satisfies Record<RefusalReasonCode, string>,
    reasonUnknown: "o pagamento não foi aprovado.",
    opening: "Abrindo o seu banco…",
    openingText: "Você vai aprovar o pagamento de {amount} em {bank} e voltar para cá.",
    continueAt: "Continuar em",
    waitingTitle: "Confirmando com o seu banco…",
    waitingText:
      "Esperando a confirmação de {bank}. Assim que ela chegar, esta página mostra o comprovante. Não feche esta página.",
    refresh: "Atualizar agora",
    failedTitle: "Pagamento não concluído",
    failedText: "O pagamento em {bank} não foi concluído e nada foi cobrado. Você pode tentar de novo:",
    unreachableTitle: "Não foi possível abrir o seu banco",
    chooseAnother: "Tentar outro banco",
    retryAt: "Tentar de novo em",
    payByPix: "Pagar com Pix",
  },
  errors: {
    name: "Informe seu nome completo.",
    email: "Informe um e-mail válido, como nome@exemplo.com.",
    cpf: "CPF inválido. Confira os 11 dígitos.",
    bank: "Escolha um banco.",
    amount: "Informe um valor válido, como 50,00.",
    amountOverLimit: "O valor passa do limite de {limit} por pagamento. Informe um valor menor.",
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
  backToPayment: "Back to the payment",
  testMode: { title: "Test environment", text: "no real money moves" },
  expiredTitle: "This payment link has expired",
  expiredText: "The time to pay is over. Go back to the shop to start a new payment.",
  failedTitle: "Payment not completed",
  failedText: "This payment was declined or canceled. Go back to the shop to try again.",
  notFoundTitle: "Page not found",
  notFoundText: "Check the address, or go back to the shop where you started the payment.",
  bankReturnTitle: "We are confirming your payment",
  bankReturnText:
    "If you approved the payment at your bank, it will be confirmed in a moment and the shop will be told. Go back to the shop to follow your order.",
  directErrorTitle: "The payment could not be opened",
  directTokenText: "This payment link has expired or is not valid. Go back to the shop and start the payment again.",
  directInvalidText: "The shop sent details that cannot be accepted. Go back to the shop and check:",
  directConflictText:
    "This order was already opened with other details. Go back to the shop and start the payment again.",
  sandboxOnly:
    "This test bank only authorizes payments to shops in sandbox mode. Go back to the shop and choose another way to pay.",
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
  qrAlt: "QR Code Pix",
  pixCodeLabel: "Pix copy and paste",
  waiting: "Waiting for the payment…",
  checkPayment: "Paid already? See whether it arrived",
  rateLimitedTitle: "Too many attempts in a short time",
  rateLimitedText: "Wait a minute and try again. If it goes on, go back to the shop and start the payment again.",
  copyPixCode: "Copy Pix code",
  copiedToast: "Code copied. Now paste it in your bank's app.",
  copyFailed: "The code could not be copied for you. It is selected below: touch and hold it, then choose Copy.",
  pixSteps: ["Tap Copy Pix code.", "In your bank's app, choose Pix copy and paste.", "Paste the code and confirm."],
  payUntil: "Pay by",
  countdownLabel: "Time left",
  otherPhone: "Paying with another phone?",
  qrHint: "On the other phone, open the bank's app, choose Pix and scan the QR Code.",
  bankShows: "Your bank's app shows the receiver as",
  processedBy: "Payment processed by",
  help: "Help",
  privacy: "Privacy",
  terms: "Terms",
  receiptTitle: "Payment confirmed",
  refundedTitle: "Payment refunded",
  refundedText: "{refunded} went back to the account that paid.",
  partiallyRefundedText: "Partially refunded: {refunded} of {amount}",
  paidTo: "Paid to",
  paidAt: "Date and time",
  transactionId: "Transaction id",
  endToEndId: "Pix end-to-end id",
  brasiliaTime: "Brasília time",
  methodBank: "Pix through your bank ({bank})",
  saveReceipt: "Save receipt",
  returningIn: "Going back to the shop in",
  seconds: "s",
  stayOnPage: "Stay on this page",
  countdownStopped: "Countdown stopped. Go back to the shop whenever you like.",
  notFoundBack: "See the payment help",
  errorCode: "Error code",
  technicalDetail: "Technical detail",
  shopProblems: "What the shop must correct:",
  amountLimits: "From R$ 0.01 to",
  changeBank: "Change bank",
  payByPixInstead: "Another bank? Pay with Pix",
  payByPixHint: "The same order, paid from any bank's app.",
  chargeIssuedTitle: "The Pix code has been issued",
  chargeIssuedText:
    "This payment's Pix code carries the amount above, so the amount and the way to pay can no longer be changed. To pay another amount, go back to the shop and start a new payment.",
  goToPix: "See the Pix code",
  sending: "Sending…",
  cpfCheck: "This CPF does not exist. Check its digits.",
  fieldProblems: {
    name: "the payer's name is missing or incomplete",
    email: "the payer's e-mail is not valid",
    cpf: "the payer's CPF is not valid",
    amount: "the amount is not valid",
    currency: "the currency must be reais (BRL)",
    country: "the country must be Brazil (BR)",
    paymentMethod: "this payment method is not available",
    return_url: "the shop's return address is not accepted",
    reference: "the order reference is not valid",
    merchant_user: "the customer id at the shop is not valid",
    phone: "the phone number is not valid",
    brand: "the brand is not valid",
  },
  helpTitle: "Help with the payment",
  helpSections: [
    [
      "ajuda",
      "Help",
      "This payment is processed by Cashier on behalf of the shop. For questions about the order, its delivery or a refund, contact the shop you bought from. If the link has expired, go back to the shop and start the payment again.",
    ],
    [
      "privacidade",
      "Privacy",
      "Your name, CPF and e-mail are used only to process this payment and to meet legal duties, under Brazil's LGPD. On the payment pages the CPF and e-mail are masked, because a link may be shared.",
    ],
    [
      "termos",
      "Terms",
      "The payment is made by Pix or by your bank and completes only when you confirm it. The shop answers for the order; Cashier for the charge.",
    ],
  ],
  contacts: {
    title: "Contact us",
    intro: "Questions about the charge or your personal data:",
    sac: "Customer service (SAC)",
    email: "E-mail",
    company: "Company",
    cnpj: "CNPJ",
    dpo: "Data protection officer (LGPD)",
  },
  liveBank: {
    chooseIntro: "You will approve the payment in your bank's app or website and come back here.",
    featured: "Most used banks",
    searchTitle: "Another bank",
    searchLabel: "Bank name",
    searchHint: "Search by name, such as Itaú or Inter. Search with no name to see them all.",
    search: "Search",
    results: "Banks found",
    noResults: "No bank found by that name. Check the spelling or pay with Pix.",
    refused: "did not accept this payment. Choose another bank or pay with Pix.",
    refusedGeneric: "The bank did not accept this payment. Choose another bank or pay with Pix.",
    unavailable: "We cannot reach the bank payment service right now. Try again in a moment or pay with Pix.",
    notListed: "That bank is no longer on the list. Choose one of the banks below.",
    listUnavailable: "The list of banks is not available right now. Reload the page in a moment or pay with Pix.",
    reason: "Reason given",
    reasons: {
      declined_at_bank: "the bank did not approve the payment.",
      initiator_refused: "the bank would not start the payment.",
    },
    reasonUnknown: "the payment was not approved.",
    opening: "Opening your bank…",
    openingText: "You will approve the payment of {amount} at {bank} and come back here.",
    continueAt: "Continue at",
    waitingTitle: "Confirming with your bank…",
    waitingText: "Waiting for {bank} to confirm. As soon as it does, this page shows the receipt. Keep this page open.",
    refresh: "Check now",
    failedTitle: "Payment not completed",
    failedText: "The payment at {bank} was not completed and nothing was charged. You can try again:",
    unreachableTitle: "Your bank could not be opened",
    chooseAnother: "Try another bank",
    retryAt: "Try again at",
    payByPix: "Pay with Pix",
  },
  errors: {
    name: "Enter your full name.",
    email: "Enter a valid e-mail, such as name@example.com.",
    cpf: "This CPF is not valid. Check its 11 digits.",
    bank: "Choose a bank.",
    amount: "Enter a valid amount, such as 50.00.",
    amountOverLimit: "The amount is over the limit of {limit} per payment. Enter a smaller amount.",
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

/**
 * "R$ 1.234,56", or "R$ 1,234.56" in English: the locale's digits after the real's sign, spaced
 * in both (English's Intl writes "R$1,234.56", unlike what a customer sees anywhere else).
 */
export function formatBrl(cents: bigint, locale: Locale): string {
  return new Intl.NumberFormat(locale, { style: "currency", currency: "BRL" })
    .format(Number(cents) / 100)
    .replace(/R\$(?=\d)/, () => "R$\u00a0");
}

/** A moment as the customer reads it, in Brasília time (where the gateway's customers are). */
export function formatDateTime(date: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, {
    dateStyle: "short",
    timeStyle: "short",
    timeZone: "America/Sao_Paulo",
  }).format(date);
}

/** "14:32", Brasília time. */
export function formatTime(date: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { timeStyle: "short", timeZone: "America/Sao_Paulo" }).format(date);
}

/** A message with its {placeholders} filled in: "{bank} confirmou" with { bank: "Bradesco" }. */
export function fillText(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
