import type { Metadata, Viewport } from "next";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Cashier", template: "%s · Cashier" },
  description: "Gateway de pagamentos para o Brasil: Pix, iniciação de pagamento e transferências em BRL.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#0b5d4b" };

export default function RootLayout({ children }: Readonly<{ children: React.ReactNode }>) {
  return (
    <html lang="pt-BR">
      <body className="min-h-screen bg-stone-50 font-sans text-stone-900 antialiased">{children}</body>
    </html>
  );
}
