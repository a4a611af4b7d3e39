// What /console/settings shows whom, decided in one place (as lib/hosted/payment-flow decides
// the hosted pages): a merchant's admin changes their callback URL and redirect origins, a viewer
// reads them (changeMerchantSettings refuses the viewer's post all the same), and an operator,
// who has no merchant of their own, sets any merchant's on its merchants page instead.
import type { Actor } from "../access/actor";

export type SettingsView = { kind: "edit" } | { kind: "read" } | { kind: "redirect"; to: string };

export function settingsView(actor: Pick<Actor, "role">): SettingsView {
  if (actor.role === "operator") return { kind: "redirect", to: "/console/merchants" };
  return { kind: actor.role === "merchant-admin" ? "edit" : "read" };
}
