/** The data of Pix request i of a run: its own reference, so every request creates a deposit. */
export function pixData(i: number, run: string): Record<string, unknown> {
  return {
    name: "Maria da Silva",
    email: "maria@example.com",
    cpf: "52998224725",
    amount: "10.50",
    currency: "BRL",
    reference: `${run}-${i}`,
    merchant_user: "bench",
    country: "BR",
    buyer_ip: "203.0.113.9",
  };
}
