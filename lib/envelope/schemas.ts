// What the envelope adds to every signed answer's data, for the answer schemas of each operation.
import { z } from "zod";

/**
 * What the gateway took differently from what was probably meant, or ignored: a whole amount read
 * as reais, a data field the operation does not have. Absent when there is nothing to say.
 */
export const warningsSchema = z
  .array(z.string())
  .optional()
  .meta({
    description:
      "What was taken differently from what was probably meant, or ignored, each in words: a whole amount of 1000 or more read as reais, a data field the operation does not have; absent when there is none",
    examples: [['unknown field "colour" was ignored']],
  });
