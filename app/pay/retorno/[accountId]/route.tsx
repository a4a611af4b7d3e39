import { readBankReturn } from "@/lib/http/bank-return-cookie";
import { confirmingAnswer, hostedRoute } from "@/lib/hosted/hosted-route";
import { stepPath } from "@/lib/hosted/payment-flow";
import { returnFromBank } from "@/lib/initiations/return-from-bank";

// GET /pay/retorno/{accountId} - the customer back from their bank (the address `psp configure`
// registers at the account's initiator): the payment the gateway's cookie names, else the one the
// address names, asked about, then its waiting page; neither: "Estamos confirmando o seu
// pagamento", never a 404
export const GET = hostedRoute<{ accountId: string }>(async (hosted, { accountId }) => {
  const found = await returnFromBank(accountId, hosted.query, readBankReturn(hosted.request));
  return found
    ? { redirect: hosted.withLang(stepPath(found.token, { step: "aguardando" })) }
    : confirmingAnswer(hosted);
});
