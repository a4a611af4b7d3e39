"use server";
import type { ConfirmSignupState } from "@/components/console/signup-forms";
import { publicConsoleAction } from "@/lib/console/console-action";
import { consoleClientIp } from "@/lib/console/require-actor";
import { confirmSandboxSignup } from "@/lib/sandbox-signup/confirm-sandbox-signup";
import { setupFormArguments } from "@/lib/users/schemas";

// The confirm button, bound to the link's token by the page (a bearer token shaped as a setup
// link's): the account made, its key's secret answered this once.
export const confirmSignup = publicConsoleAction<ConfirmSignupState, typeof setupFormArguments>(
  { args: setupFormArguments },
  async (token) => ({ status: "confirmed", ...(await confirmSandboxSignup(token, await consoleClientIp())) }),
);
