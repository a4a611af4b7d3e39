import { hostedRoute } from "@/lib/hosted/hosted-route";
import { stepPath } from "@/lib/hosted/payment-flow";
import { returnFromBank } from "@/lib/initiations/return-from-bank";

// GET /pay/retorno/{accountId} - the customer back from their bank (the address `psp configure`
// registers at the account's initiator): the payment the account stored under the initiator's id,
// asked about, then its waiting page; nothing of this account's: the hosted 404
export const GET = hostedRoute<{ accountId: string }>(async ({ query, withLang }, { accountId }) => {
  const found = await returnFromBank(accountId, query);
  return found && { redirect: withLang(stepPath(found.token, { step: "aguardando" })) };
});
