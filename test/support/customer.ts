/** A customer as a merchant's request names them, valid in every field: what the fuzzers start from. */
export const customer = {
  name: "Maria da Silva",
  email: "maria@example.com",
  cpf: "529.982.247-25",
  amount: "10.50",
  currency: "BRL",
  merchant_user: "cliente-42",
  country: "BR",
  buyer_ip: "203.0.113.9",
};
