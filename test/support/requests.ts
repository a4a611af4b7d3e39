// What a merchant sends for a Pix deposit: valid, with a reference of its own each time.
let sequence = 0;

export function pixDepositRequest(
  extra: Record<string, unknown> = {},
): Record<string, unknown> & { reference: string } {
  return {
    name: "Maria da Silva",
    email: "maria@example.com",
    cpf: "529.982.247-25",
    amount: "10.50",
    currency: "BRL",
    reference: `pedido-${Date.now()}-${++sequence}`,
    merchant_user: "cliente-42",
    country: "BR",
    buyer_ip: "203.0.113.9",
    ...extra,
  };
}

/** A payout by Pix key, as a merchant sends it. */
export function pixPayoutRequest(amount: string): Record<string, unknown> & { reference: string } {
  return {
    ...pixDepositRequest({ amount }),
    paymentMethod: "pix",
    pix_key: "52998224725",
    reference: `saque-${Date.now()}-${++sequence}`,
  };
}
