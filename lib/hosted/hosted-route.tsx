import type { ReactElement, ReactNode } from "react";
import { type Failure, FailureCard, notFoundFailure } from "@/components/pay/failure";
import { PaymentShell } from "@/components/pay/payment-shell";
import { toUnavailableError } from "@/lib/db/database-outage";
import { type HostedPayment, findHostedPayment, shopUrl } from "@/lib/deposits/find-hosted-payment";
import { type Locale, type Messages, formatBrl, messages, resolveLocale, withLang } from "@/lib/i18n/messages";
import { type StepAddress, type StepDecision, stepPath } from "./payment-flow";
import { renderHostedPage } from "./render-hosted-page";

/**
 * What a hosted page's handler answers: a page, or where to go instead (303, so a form's POST
 * becomes a GET), with any headers of its own (a cookie, Retry-After).
 */
export type HostedAnswer = (
  { page: ReactElement; title: string; status?: number; withScript?: boolean } | { redirect: string }
) & { headers?: Record<string, string> };

export type HostedRequest = {
  request: Request;
  query: URLSearchParams;
  /** The explicit ?lang= of the address, carried from step to step (none when the browser chose). */
  lang: string | undefined;
  locale: Locale;
  t: Messages;
  withLang: (path: string) => string;
};

/** A page of no payment's: the failure template in the frame, with the way to the help page. */
function paymentlessAnswer({ locale, t }: HostedRequest, failure: Failure, status: number): HostedAnswer {
  return {
    status,
    title: failure.title,
    withScript: false,
    page: (
      <PaymentShell locale={locale} t={t} merchantName={null}>
        <FailureCard locale={locale} t={t} failure={failure} />
      </PaymentShell>
    ),
  };
}

const notFoundAnswer = (hosted: HostedRequest) => paymentlessAnswer(hosted, notFoundFailure(hosted.t), 404);

/** The database did not answer: a page that says to reload soon, 503 with the code's Retry-After. */
function unavailableAnswer(hosted: HostedRequest, retryAfterSeconds: number | null): HostedAnswer {
  const { t } = hosted;
  const failure = {
    title: t.unavailableTitle,
    text: t.unavailableText,
    problems: [],
    returnUrl: null,
    code: "service_unavailable",
    detail: null,
  };
  return {
    ...paymentlessAnswer(hosted, failure, 503),
    headers: retryAfterSeconds === null ? {} : { "retry-after": String(retryAfterSeconds) },
  };
}

/**
 * The way back from a bank that names no payment the gateway can find (no cookie, an unknown
 * id): the customer may well have paid, so the page says it is being confirmed, never a 404.
 */
export const confirmingAnswer = (hosted: HostedRequest) =>
  paymentlessAnswer(
    hosted,
    {
      title: hosted.t.bankReturnTitle,
      text: hosted.t.bankReturnText,
      problems: [],
      returnUrl: null,
      code: null,
      detail: null,
    },
    200,
  );

/**
 * The one wrapper of the hosted pages' route handlers: the language (?lang= first, then the
 * browser's), the page rendered to HTML with the request's CSP nonce, a redirect as a 303, and
 * nothing cached (each page shows a payment as it stands).
 */
export function hostedRoute<P = unknown>(handler: (request: HostedRequest, params: P) => Promise<HostedAnswer | null>) {
  return async (request: Request, context: { params: Promise<P> }): Promise<Response> => {
    const query = new URL(request.url).searchParams;
    const lang = query.get("lang") ?? undefined;
    const locale = resolveLocale(lang, request.headers.get("accept-language"));
    const hosted: HostedRequest = {
      request,
      query,
      lang,
      locale,
      t: messages[locale],
      withLang: (path) => withLang(path, lang),
    };
    let answer: HostedAnswer;
    try {
      // null: nothing here by that name.
      answer = (await handler(hosted, await context.params)) ?? notFoundAnswer(hosted);
    } catch (error) {
      const unavailable = toUnavailableError(error);
      if (!unavailable) throw error;
      answer = unavailableAnswer(hosted, unavailable.retryAfterSeconds);
    }
    const headers = { "cache-control": "no-store", ...answer.headers };
    if ("redirect" in answer)
      return new Response(null, { status: 303, headers: { ...headers, location: answer.redirect } });
    const html = await renderHostedPage({
      locale,
      title: answer.title,
      nonce: request.headers.get("x-nonce"),
      body: answer.page,
      withScript: answer.withScript,
    });
    return new Response(html, {
      status: answer.status ?? 200,
      headers: { ...headers, "content-type": "text/html; charset=utf-8" },
    });
  };
}

export type PaymentRequest = HostedRequest & {
  token: string;
  payment: HostedPayment;
  /** "R$ 149,90"; "—" for a Gateway In amount the customer has yet to type (not zero: not known). */
  amount: string;
  /** The tab says what is paid to whom ("R$ 149,90 · Loja Demo"), not the gateway's name. */
  title: string;
  /**
   * The step inside the frame every hosted page shares; the amount in its header unless told
   * otherwise, and the way back to the shop unless the step offers its own (shopLink: false).
   */
  shell: (children: ReactNode, options?: { amount?: string; shopLink?: boolean }) => ReactElement;
  /** The address of a step of this payment, in the language of this one. */
  to: (step: StepAddress) => string;
};

/** hostedRoute for the steps of one payment: the payment behind the token in the address, or the 404 page. */
export function paymentRoute(handler: (request: PaymentRequest) => Promise<HostedAnswer>) {
  return hostedRoute<{ token: string }>(async (hosted, { token }) => {
    const payment = await findHostedPayment(token);
    if (!payment) return null;
    const { locale, t } = hosted;
    const { deposit } = payment;
    const known = deposit.amountEditable ? null : formatBrl(deposit.amountCents, locale);
    const { pathname, search } = new URL(hosted.request.url);
    return handler({
      ...hosted,
      token,
      payment,
      amount: known ?? "—",
      title: [known, payment.merchantName || t.pageTitle].filter(Boolean).join(" · "),
      to: (step) => hosted.withLang(stepPath(token, step)),
      shell: (children, options) => (
        // Who is paid, as the shell shows them: the name, the logo when the merchant has one, and
        // what the order is (the request's brand: a product or brand of the shop's, per the spec).
        <PaymentShell
          locale={locale}
          t={t}
          merchantName={payment.merchantName}
          logoUrl={payment.merchantLogoUrl}
          description={deposit.brand}
          amount={options ? options.amount : (known ?? "—")}
          isSandbox={deposit.mode === "sandbox"}
          shopUrl={options?.shopLink === false ? null : shopUrl(payment)}
          returnPath={`${pathname}${search}`}
        >
          {children}
        </PaymentShell>
      ),
    });
  });
}

/**
 * A step's answer: where lib/hosted/payment-flow sends a customer who may not be on this step, or
 * the page it decided, rendered.
 */
export function stepAnswer<Page>(
  decide: (request: PaymentRequest) => StepDecision<Page>,
  render: (request: PaymentRequest, page: Page) => HostedAnswer | Promise<HostedAnswer>,
) {
  return async (hosted: PaymentRequest): Promise<HostedAnswer> => {
    const decided = decide(hosted);
    return "redirect" in decided ? { redirect: hosted.to(decided.redirect) } : await render(hosted, decided.page);
  };
}

/** paymentRoute for a step's page (stepAnswer). */
export function stepRoute<Page>(
  decide: (request: PaymentRequest) => StepDecision<Page>,
  render: (request: PaymentRequest, page: Page) => HostedAnswer | Promise<HostedAnswer>,
) {
  return paymentRoute(stepAnswer(decide, render));
}
