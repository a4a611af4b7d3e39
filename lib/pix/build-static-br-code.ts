// A static Pix BR Code (EMV QRCPS-MPM) as the Central Bank's manual defines it: payload format,
// merchant account information (GUI br.gov.bcb.pix and the key), MCC 0000, currency 986, the
// amount, country BR, name and city folded to ASCII, the txid and the CRC16-CCITT-FALSE.
// The encoding is @brazilian-utils' generatePixPayload; this checks what it is given.
import { generatePixPayload } from "@brazilian-utils/brazilian-utils";
import { amountToNumber } from "../money/format-amount";

const TXID_PATTERN = /^[A-Za-z0-9]{1,25}$/;

export function buildStaticBrCode(options: {
  key: string;
  merchantName: string;
  merchantCity: string;
  amountCents: bigint;
  txid: string;
}): string {
  if (!TXID_PATTERN.test(options.txid)) throw new Error(`txid must be 1 to 25 letters and digits: ${options.txid}`);
  const payload = generatePixPayload({
    key: options.key,
    merchantName: options.merchantName,
    merchantCity: options.merchantCity,
    amount: amountToNumber(options.amountCents),
    txid: options.txid,
  });
  if (payload === null) throw new Error("the BR Code could not be built from the Pix settings");
  return payload;
}
