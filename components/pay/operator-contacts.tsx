import type { OperatorContacts as Contacts } from "@/lib/config/config";
import type { Messages } from "@/lib/i18n/messages";

/**
 * Who operates the gateway, as a customer reaches them: the SAC, the company behind it and its
 * data protection officer. Only what the operator configured; nothing at all without any.
 */
export function OperatorContacts(props: { t: Messages; contacts: Contacts }) {
  const { t, contacts } = props;
  const link = (href: string, text: string) => (
    <a href={href} className="underline">
      {text}
    </a>
  );
  const rows = [
    [t.contacts.sac, contacts.sacPhone && link(`tel:${contacts.sacPhone.replace(/[^\d+]/g, "")}`, contacts.sacPhone)],
    [t.contacts.email, contacts.sacEmail && link(`mailto:${contacts.sacEmail}`, contacts.sacEmail)],
    [t.contacts.company, contacts.legalName],
    [t.contacts.cnpj, contacts.cnpj],
    [
      t.contacts.dpo,
      (contacts.dpoName || contacts.dpoEmail) && (
        <>
          {contacts.dpoName}
          {contacts.dpoName && contacts.dpoEmail && <br />}
          {contacts.dpoEmail && link(`mailto:${contacts.dpoEmail}`, contacts.dpoEmail)}
        </>
      ),
    ],
  ] as const;
  const shown = rows.filter(([, value]) => value);
  if (shown.length === 0) return null;
  return (
    <section id="contato" aria-labelledby="contato-title" className="mt-5" data-testid="operator-contacts">
      <h2 id="contato-title" className="text-lg font-semibold">
        {t.contacts.title}
      </h2>
      <p className="mt-1 text-stone-800 dark:text-stone-200">{t.contacts.intro}</p>
      <dl className="mt-2 space-y-2">
        {shown.map(([label, value]) => (
          <div key={label}>
            <dt className="text-stone-700 dark:text-stone-300">{label}</dt>
            <dd className="font-semibold break-words">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
