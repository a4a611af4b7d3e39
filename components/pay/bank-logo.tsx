import type { BankMethod } from "@/lib/banks/bank-directory";

// Drawn here, in each bank's colours: nothing is fetched at run time, and no trademark artwork is
// copied. Decorative: the bank's name is always written beside it.
const marks: Record<BankMethod, { text: string; background: string; color: string }> = {
  "banco-do-brasil": { text: "BB", background: "#fcfc30", color: "#1a3c8c" },
  bradesco: { text: "B", background: "#cc092f", color: "#ffffff" },
  caixa: { text: "CX", background: "#005ca9", color: "#ffffff" },
  nubank: { text: "nu", background: "#820ad1", color: "#ffffff" },
  santander: { text: "S", background: "#ec0000", color: "#ffffff" },
};

export function BankLogo(props: { method: BankMethod }) {
  const mark = marks[props.method];
  return (
    <svg aria-hidden="true" viewBox="0 0 40 40" className="size-10 shrink-0 rounded-lg">
      <rect width="40" height="40" rx="8" fill={mark.background} />
      <text
        x="20"
        y="26"
        textAnchor="middle"
        fontSize="16"
        fontWeight="700"
        fontFamily="system-ui, sans-serif"
        fill={mark.color}
      >
        {mark.text}
      </text>
    </svg>
  );
}
