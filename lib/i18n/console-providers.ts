// The console's provider accounts page: Brazilian Portuguese first, English second.
import type { Locale } from "./messages";

const ptBR = {
  title: "Contas de PSP",
  intro:
    "Os contratos com PSPs que o gateway usa. Cada lojista em produção tem cada trilho (cobranças, devoluções, pagamentos, iniciação) numa destas contas; um trilho sem rota fica na conta implícita das variáveis PIX_PSP_*.",
  addNote:
    "Contas novas entram pela linha de comando no servidor, onde ficam o certificado e a chave. Os segredos vêm da entrada padrão e nunca aparecem aqui:",
  initiationNote:
    "Uma conta que serve iniciação recebe os Pix iniciados numa conta de destino (--receiver-…); depois de adicioná-la, informe ao iniciador o endereço de retorno e o webhook:",
  routeNote: "Para rotear um lojista:",
  empty: "Nenhuma conta de PSP. Os lojistas em produção usam a conta implícita (PIX_PSP_*).",
  label: "Nome",
  kind: "Tipo",
  id: "ID",
  rails: "Trilhos",
  railNames: {
    charges: "Cobranças",
    refunds: "Devoluções",
    payouts: "Pagamentos",
    initiation: "Iniciação",
  } as Record<string, string>,
  pixKey: "Chave Pix",
  initiation: "Iniciação (Open Finance)",
  noInitiation: "Não serve",
  receiverAccount: (branch: string, account: string, type: string) => `Agência ${branch}, conta ${account} (${type})`,
  receiverIspb: (ispb: string) => `ISPB ${ispb}`,
  webhookUrl: "URL do webhook",
  status: "Situação",
  active: "Ativa",
  disabledAt: (at: string) => `Desativada em ${at}`,
  merchants: "Lojistas roteados",
  actions: "Ações",
  disable: "Desativar",
  disableConfirm: "Confirmar desativação",
  disableWarning:
    "Nenhum lojista pode mais ser roteado a esta conta e nenhuma transação nova vai para ela. O que ela já emitiu continua sendo liquidado por ela. Não dá para reativar.",
  disabling: "Desativando…",
  disabled: "Conta desativada.",
};

type Messages = typeof ptBR;

const en: Messages = {
  title: "Provider accounts",
  intro:
    "The PSP contracts the gateway uses. Each live merchant has each rail (charges, refunds, payouts, initiation) on one of these accounts; a rail with no route stays on the implicit account of the PIX_PSP_* variables.",
  addNote:
    "New accounts are added with the command line on the server, where the certificate and key are. Secrets come from standard input and never show here:",
  initiationNote:
    "An account serving initiation is paid into a receiving account (--receiver-…); once it is added, tell the initiator the return address and the webhook:",
  routeNote: "To route a merchant:",
  empty: "No provider account. Live merchants use the implicit account (PIX_PSP_*).",
  label: "Name",
  kind: "Kind",
  id: "ID",
  rails: "Rails",
  railNames: { charges: "Charges", refunds: "Refunds", payouts: "Payouts", initiation: "Initiation" },
  pixKey: "Pix key",
  initiation: "Initiation (Open Finance)",
  noInitiation: "Not served",
  receiverAccount: (branch, account, type) => `Branch ${branch}, account ${account} (${type})`,
  receiverIspb: (ispb) => `ISPB ${ispb}`,
  webhookUrl: "Webhook URL",
  status: "Status",
  active: "Active",
  disabledAt: (at) => `Disabled ${at}`,
  merchants: "Merchants routed",
  actions: "Actions",
  disable: "Disable",
  disableConfirm: "Confirm disabling",
  disableWarning:
    "No merchant can be routed to this account any more and no new transaction goes to it. What it already issued is still settled through it. It cannot be enabled again.",
  disabling: "Disabling…",
  disabled: "Account disabled.",
};

export const providersMessages: Record<Locale, Messages> = { "pt-BR": ptBR, en };
