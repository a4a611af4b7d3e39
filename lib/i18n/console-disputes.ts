// The console's disputes area (MED infractions a merchant answers) and a deposit's disputes on its
// page: Brazilian Portuguese first, English second. The answer form (a client component) reads
// them itself: its wording functions cannot cross to the browser as props.
import type { Locale } from "./messages";

const ptBR = {
  title: "Disputas",
  intro:
    "Infrações MED contra o Pix de um depósito: o pagador contesta o pagamento e o lojista responde até o prazo (horário de Brasília). As sem decisão vêm primeiro, do prazo mais próximo ao mais distante; depois as encerradas, das mais recentes às mais antigas.",
  empty: "Nenhuma disputa.",
  showing: (shown: number) => `Mostrando as ${shown} primeiras.`,
  deposit: "Depósito",
  merchant: "Lojista",
  amount: "Valor contestado",
  reason: "Motivo",
  /** The PSP's own words for the claim, beside the reason's. */
  pspWords: "Nas palavras do PSP:",
  status: "Situação",
  respondBy: "Responder até",
  held: "Retido do saldo",
  answer: "Resposta",
  statuses: {
    open: "Aberta",
    answered: "Respondida",
    won: "Ganha",
    lost: "Perdida",
    canceled: "Cancelada",
  } as Record<string, string>,
  reasons: {
    scam: "O pagador diz que foi enganado (golpe)",
    account_takeover: "O pagador diz que tomaram a conta dele",
    coercion: "O pagador diz que foi forçado a pagar",
    fraudulent_access: "O pagador diz que acessaram a conta dele sem permissão",
    other: "O pagador contesta o pagamento",
    unknown: "O pagador contesta o pagamento; o PSP não deu o motivo",
  } as Record<string, string>,
  deadlineNear: "Menos de 24 horas para o prazo, sem resposta.",
  deadlinePassed: "O prazo passou sem resposta.",
  heldReleased: "Nada: o valor voltou ao saldo",
  heldReturned: "Nada: o valor foi devolvido ao pagador",
  decisions: { contest: "Contestada", accept: "Aceita" } as Record<string, string>,
  answeredBy: (who: string, at: string) => `por ${who} em ${at}`,
  apiKey: (keyId: string) => `chave de API ${keyId}`,
  answerUnconfirmed: "O PSP ainda não confirmou esta resposta: a conciliação verifica se ela chegou.",
  viewerNote: "Seu acesso é de leitura: responder fica com os administradores do lojista e os operadores.",
  answered: {
    won: (id: string) =>
      `Resposta enviada. O PSP decidiu a disputa ${id} a favor do lojista: ganha, e o valor retido voltou ao saldo.`,
    lost: (id: string) => `Resposta enviada. A disputa ${id} foi perdida: o valor retido volta ao pagador.`,
    answered: (id: string) => `Resposta da disputa ${id} enviada ao PSP, que vai decidir.`,
    open: (id: string) => `Resposta da disputa ${id} guardada; o PSP ainda não a confirmou.`,
    canceled: (id: string) => `A disputa ${id} foi cancelada.`,
  } as Record<string, (id: string) => string>,
  form: {
    label: (id: string) => `Responder à disputa ${id}`,
    legend: "Sua resposta",
    contest: "Contestar",
    contestHint: "O pagamento foi legítimo: você defende a venda.",
    accept: "Aceitar",
    acceptHint: "O pagador tem razão: o valor volta a ele.",
    justification: "Justificativa",
    justificationHint:
      "Texto simples, até 2000 caracteres: o que foi vendido, a quem e que provas você tem. Vai ao PSP e ao banco do pagador.",
    once: "A resposta vai ao PSP na hora e não pode ser mudada depois.",
    submit: "Enviar resposta",
    pending: "Enviando ao PSP…",
    problems: {
      decision: "Escolha Contestar ou Aceitar.",
      justification: "Escreva a justificativa em texto simples (sem HTML), com até 2000 caracteres.",
    } as Record<string, string>,
    fieldNames: { id: "Disputa", decision: "Resposta", justification: "Justificativa" } as Record<string, string>,
  },
  depositSection: "Disputas",
  openInList: "Ver em Disputas",
};

type Messages = typeof ptBR;

const en: Messages = {
  title: "Disputes",
  intro:
    "MED infractions against a deposit's Pix: the payer contests the payment and the merchant answers by the deadline (Brasília time). Undecided ones first, soonest deadline first; then the closed ones, most recent first.",
  empty: "No disputes.",
  showing: (shown) => `Showing the first ${shown}.`,
  deposit: "Deposit",
  merchant: "Merchant",
  amount: "Amount contested",
  reason: "Reason",
  pspWords: "In the PSP's words:",
  status: "Status",
  respondBy: "Answer by",
  held: "Held from the balance",
  answer: "Answer",
  statuses: { open: "Open", answered: "Answered", won: "Won", lost: "Lost", canceled: "Canceled" },
  reasons: {
    scam: "The payer says they were deceived into paying (scam)",
    account_takeover: "The payer says someone took over their account",
    coercion: "The payer says they were forced to pay",
    fraudulent_access: "The payer says someone reached their account without leave",
    other: "The payer contests the payment",
    unknown: "The payer contests the payment; the PSP gave no reason",
  },
  deadlineNear: "Less than 24 hours to the deadline, unanswered.",
  deadlinePassed: "The deadline passed unanswered.",
  heldReleased: "Nothing: the amount went back to the balance",
  heldReturned: "Nothing: the amount went back to the payer",
  decisions: { contest: "Contested", accept: "Accepted" },
  answeredBy: (who, at) => `by ${who} on ${at}`,
  apiKey: (keyId) => `API key ${keyId}`,
  answerUnconfirmed: "The PSP has not confirmed this answer yet: reconciliation checks whether it arrived.",
  viewerNote: "Your access is read-only: the merchant's admins and the operators answer.",
  answered: {
    won: (id) =>
      `Answer sent. The PSP decided dispute ${id} for the merchant: won, and the held amount went back to the balance.`,
    lost: (id) => `Answer sent. Dispute ${id} was lost: the held amount goes back to the payer.`,
    answered: (id) => `The answer to dispute ${id} went to the PSP, which will decide.`,
    open: (id) => `The answer to dispute ${id} is kept; the PSP has not confirmed it yet.`,
    canceled: (id) => `Dispute ${id} was canceled.`,
  },
  form: {
    label: (id) => `Answer dispute ${id}`,
    legend: "Your answer",
    contest: "Contest",
    contestHint: "The payment was legitimate: you defend the sale.",
    accept: "Accept",
    acceptHint: "The payer is right: the amount goes back to them.",
    justification: "Justification",
    justificationHint:
      "Plain text, up to 2000 characters: what was sold, to whom and what proof you hold. It goes to the PSP and the payer's bank.",
    once: "The answer goes to the PSP at once and cannot be changed afterwards.",
    submit: "Send answer",
    pending: "Sending to the PSP…",
    problems: {
      decision: "Choose Contest or Accept.",
      justification: "Write the justification in plain text (no HTML), up to 2000 characters.",
    },
    fieldNames: { id: "Dispute", decision: "Answer", justification: "Justification" },
  },
  depositSection: "Disputes",
  openInList: "See in Disputes",
};

export const disputesMessages: Record<Locale, Messages> = { "pt-BR": ptBR, en };
export type DisputesMessages = Messages;
