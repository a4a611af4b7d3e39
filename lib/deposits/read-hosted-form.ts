// The hosted pages' server actions are public endpoints: anyone can call one with any arguments
// (the review's "a.get is not a function" was a string where the form should be). Their arguments
// are parsed like any other input; the token and the rest are still unverified after this.
import { z } from "zod";

const token = z.string().max(100);
const lang = z.string().max(10);
// The text fields of a hosted form: strings, or absent; a file or a surrogate-laden string is no
// customer's answer.
const formData = z.instanceof(FormData).refine(
  (form) => [...form.values()].every((value) => typeof value === "string" && value.length <= 1000 && value.isWellFormed()),
  "form fields must be text of at most 1000 characters",
);

export const formActionArguments = z.tuple([token, lang, formData]);
export const decisionArguments = z.tuple([token, z.string().max(40), lang, z.enum(["authorize", "decline"])]);
export const pixSwitchArguments = z.tuple([token, lang]);
