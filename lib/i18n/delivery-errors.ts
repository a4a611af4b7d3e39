// Why a callback got no answer, in the console reader's language (Brazilian Portuguese first,
// English second): said from the attempt's stored code, never from its raw text, which stays
// behind the technical detail.
import type { DeliveryErrorCode } from "../errors/delivery-errors";
import type { Locale } from "./messages";

export type DeliveryErrorWords = {
  codes: Record<DeliveryErrorCode, string>;
  /** An attempt stored before codes were. */
  unknown: string;
  technicalDetail: string;
};

export const deliveryErrorMessages: Record<Locale, DeliveryErrorWords> = {
  "pt-BR": {
    codes: {
      no_callback_url: "O lojista não tem URL de callback: um administrador do lojista a define em Configurações.",
      no_signing_key: "O lojista não tem chave ativa para assinar o callback.",
      url_invalid: "A URL de callback não é um endereço válido.",
      scheme_not_allowed: "A URL de callback precisa usar https.",
      host_unresolved: "O nome do servidor da URL de callback não foi encontrado (DNS).",
      address_not_public: "A URL de callback aponta para um endereço que não é público.",
      timeout: "O servidor do lojista não respondeu a tempo.",
      connection_failed: "Não foi possível conectar ao servidor do lojista.",
    },
    unknown: "Falha na entrega.",
    technicalDetail: "detalhe técnico",
  },
  en: {
    codes: {
      no_callback_url: "The merchant has no callback URL: a merchant admin sets it in Settings.",
      no_signing_key: "The merchant has no active key to sign the callback with.",
      url_invalid: "The callback URL is not a valid address.",
      scheme_not_allowed: "The callback URL must use https.",
      host_unresolved: "The callback URL's server name was not found (DNS).",
      address_not_public: "The callback URL points to an address that is not public.",
      timeout: "The merchant's server did not answer in time.",
      connection_failed: "Could not connect to the merchant's server.",
    },
    unknown: "Delivery failed.",
    technicalDetail: "technical detail",
  },
};
