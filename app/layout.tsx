import type { Metadata, Viewport } from "next";
import { connection } from "next/server";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Cashier", template: "%s · Cashier" },
  description: "Gateway de pagamentos para o Brasil: Pix, iniciação de pagamento e transferências em BRL.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#0b5d4b" };

// Every page renders per request: its scripts carry that request's CSP nonce (proxy.ts), which
// a page built ahead of time could not know.
export default async function RootLayout({ children }: Readonly<{ children: React.ReactNode }>) {
  await connection();
  return (
    <html lang="pt-BR">
      <body className="min-h-screen bg-stone-50 font-sans text-stone-900 antialiased">{children}</body>
    </html>
  );
}
