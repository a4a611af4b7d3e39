import { createPixDeposit } from "@/lib/deposits/create-pix-deposit";
import { withEnvelope } from "@/lib/envelope/with-envelope";

// POST /api/pix - a Pix deposit: its BR Code and QR image for the merchant's own page
export const POST = withEnvelope("pix", ({ merchant, data }) => createPixDeposit({ merchant, data }));
