// Why a callback got no answer, in the console reader's language (Brazilian Portuguese first,
// English second): said from the coarse reason of the attempt's stored code (lib/errors/
// delivery-errors), never from its text, which stays behind the technical detail.
import type { DeliveryReason } from "../errors/delivery-errors";
import type { Locale } from "./messages";

export type DeliveryErrorWords = {
  reasons: Record<DeliveryReason, string>;
  /** An attempt stored before codes were. */
  unknown: string;
  technicalDetail: string;
};

export const deliveryErrorMessages: Record<Locale, DeliveryErrorWords> = {
  "pt-BR": {
    reasons: {
      no_callback_url: "O lojista não tem URL de callback: um administrador do lojista a define em Configurações.",
      no_signing_key: "O lojista não tem chave ativa para assinar o callback.",
      address_not_allowed:
        "Endereço não permitido: a URL de callback precisa usar https e levar a um servidor público.",
      no_answer: "Não respondeu: o servidor do lojista não atendeu ou não respondeu a tempo.",
    },
    unknown: "Falha na entrega.",
    technicalDetail: "detalhe técnico",
  },
  en: {
    reasons: {
      no_callback_url: "The merchant has no callback URL: a merchant admin sets it in Settings.",
      no_signing_key: "The merchant has no active key to sign the callback with.",
      address_not_allowed: "Address not allowed: the callback URL must use https and lead to a public server.",
      no_answer: "No answer: the merchant's server could not be reached or did not answer in time.",
    },
    unknown: "Delivery failed.",
    technicalDetail: "technical detail",
  },
};
