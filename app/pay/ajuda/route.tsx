import { helpAnswer } from "@/lib/hosted/help-page";
import { hostedRoute } from "@/lib/hosted/hosted-route";

// /pay/ajuda - what the hosted pages' footer links to: help, privacy, terms and the operator's
// contacts for the customer, and the way back to the payment it was opened from
export const GET = hostedRoute(helpAnswer);
