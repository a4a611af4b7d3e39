import { messages } from "@/lib/i18n/messages";

// Unknown addresses, and payment links that never existed: 404, in Portuguese.
export default function NotFound() {
  const t = messages["pt-BR"];
  return (
    <main className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-2xl font-bold">{t.notFoundTitle}</h1>
      <p className="mt-2 text-stone-700">{t.notFoundText}</p>
    </main>
  );
}
