// The one rule for a callback URL as it is saved, whoever saves it (the console, `merchant create`
// and `merchant update`, the demo seed): the send-time guard's own checks on the URL's text, with
// the settings the guard will use, so nothing is stored that every attempt would refuse.
import { z } from "zod";
import { getConfig } from "../config/config";
import { findCallbackUrlProblem } from "./find-callback-url-problem";

export const callbackUrlSchema = z.string({ error: "must be an absolute http(s) URL" }).superRefine((value, ctx) => {
  const config = getConfig();
  const problem = findCallbackUrlProblem(value, {
    allowPrivate: config.callbacks.allowPrivateTargets,
    requireHttps: config.isProduction,
  });
  if (problem) ctx.addIssue({ code: "custom", message: problem.reason });
});
