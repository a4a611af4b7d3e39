import Link from "next/link";
import { type Operation, OperationCard } from "@/components/operation-card";

const operations: Operation[] = [
  {
    name: "Consulta de status",
    path: "POST /api/status",
    text: "Situação de um depósito ou transferência pelo id ou pela referência.",
    isAvailable: true,
  },
  {
    name: "Pix on-page",
    path: "POST /api/pix",
    text: "QR Code Pix e código copia e cola para exibir na sua página.",
    isAvailable: true,
  },
  {
    name: "Payment Initiation",
    path: "POST /api/payment-initiation",
    text: "Um link único onde o cliente paga direto da conta bancária.",
    isAvailable: true,
  },
  {
    name: "Gateway In",
    path: "GET /direct/{keyId}/{token}",
    text: "O caixa hospedado: o cliente confirma os dados e paga.",
    isAvailable: true,
  },
  {
    name: "Gateway Out",
    path: "POST /api/gateway-out",
    text: "Transferências para o cliente por chave Pix ou conta bancária.",
    isAvailable: true,
  },
];

export default function HomePage() {
  return (
    <main className="mx-auto max-w-3xl px-5 py-10 sm:py-16">
      <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Cashier</p>
      <h1 className="mt-2 text-3xl font-bold sm:text-4xl">Pagamentos em reais, via Pix e conta bancária</h1>
      <p className="mt-4 text-lg text-stone-700">
        Cashier é um gateway de pagamentos para lojistas que recebem e pagam clientes no Brasil. Cada requisição é um
        JWT assinado com a chave do lojista; cada resposta e cada callback voltam assinados com a mesma chave.
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link href="/docs" className="rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800">
          Documentação para desenvolvedores
        </Link>
        <a
          href="/api/health"
          className="rounded-lg border border-stone-300 bg-white px-5 py-3 font-semibold text-stone-800 hover:bg-stone-100"
        >
          Status do serviço
        </a>
      </div>
      <h2 className="mt-12 text-xl font-bold">Operações</h2>
      <ul className="mt-4 grid gap-3 sm:grid-cols-2">
        {operations.map((op) => (
          <OperationCard key={op.name} operation={op} />
        ))}
      </ul>
    </main>
  );
}
