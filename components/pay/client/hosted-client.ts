// The one script of the hosted pages, bundled on its own (scripts/build-hosted-assets.ts) and
// inlined with the page's CSP nonce. The pages are whole without it (plain forms and links); it
// adds what a phone needs on top, each part switched on by a data attribute the server renders:
// masks, one submission per form, the Pix copy and countdown, the live status, the receipt's
// way back and its print. No framework: the page's HTML is already the server's.
import { isValidCpf } from "@brazilian-utils/brazilian-utils/is-valid-cpf";
import { formatTimeLeft } from "@/lib/i18n/format-time-left";
import { filterTypedBrl, formatTypedBrl, maskTypedCpf, parseTypedBrl } from "@/lib/i18n/typed-input";

const all = <T extends Element>(selector: string): T[] => [...document.querySelectorAll<T>(selector)];

/**
 * One submission per form: a double tap, or Recusar after Autorizar, sends nothing more. The
 * buttons are disabled after the browser has read the pressed one's value (a disabled submitter
 * would leave it out), and enabled again when the page comes back from the back-forward cache.
 */
function submitOnce(form: HTMLFormElement): void {
  let isSent = false;
  form.addEventListener("submit", (event) => {
    if (isSent) {
      event.preventDefault();
      return;
    }
    isSent = true;
    const pressed =
      event.submitter instanceof HTMLButtonElement
        ? event.submitter
        : form.querySelector<HTMLButtonElement>("button[type=submit]");
    const buttons = [...form.querySelectorAll<HTMLButtonElement>("button[type=submit]")];
    const labels = buttons.map((button) => button.textContent);
    if (pressed?.dataset.pendingLabel) pressed.textContent = pressed.dataset.pendingLabel;
    pressed?.setAttribute("aria-busy", "true");
    setTimeout(() => buttons.forEach((button) => (button.disabled = true)));
    window.addEventListener(
      "pageshow",
      (shown) => {
        if (!shown.persisted) return;
        isSent = false;
        buttons.forEach((button, index) => {
          button.disabled = false;
          button.textContent = labels[index];
          button.removeAttribute("aria-busy");
        });
      },
      { once: true },
    );
  });
}

/** An amount typed as the page's language writes it (data-brl); the header's amount follows it. */
function maskAmount(input: HTMLInputElement): void {
  const header = document.querySelector('[data-testid="amount"]');
  const locale = input.dataset.brl === "en" ? "en" : "pt-BR";
  input.addEventListener("input", () => {
    input.value = filterTypedBrl(input.value, locale);
    const cents = parseTypedBrl(input.value, locale);
    if (header) header.textContent = cents === null || cents === 0n ? "—" : `R$ ${formatTypedBrl(cents, locale)}`;
  });
  input.addEventListener("blur", () => {
    const cents = parseTypedBrl(input.value, locale);
    if (cents !== null) input.value = formatTypedBrl(cents, locale);
  });
}

/**
 * Digits only, punctuated as typed; the check digits are checked when the customer leaves the
 * field, and their verdict (the input's data-cpf) is said where the field's error goes. Once the
 * customer types, the server's error was about a CPF no longer there: that verdict replaces it.
 */
function maskCpf(input: HTMLInputElement): void {
  const slot = document.getElementById(`${input.id}-error`) ?? document.getElementById(`${input.id}-check`);
  if (!slot) return;
  const others = (input.getAttribute("aria-describedby") ?? "").split(" ").filter((id) => id && id !== slot.id);
  const show = (isWrong: boolean) => {
    slot.textContent = isWrong ? (input.dataset.cpf ?? "") : "";
    slot.hidden = !isWrong;
    input.setAttribute("aria-invalid", String(isWrong));
    input.setAttribute("aria-describedby", [...(isWrong ? [slot.id] : []), ...others].join(" "));
  };
  input.addEventListener("input", () => {
    input.value = maskTypedCpf(input.value);
    show(false);
  });
  input.addEventListener("blur", () =>
    show(input.value.length === 14 ? !isValidCpf(input.value) : input.value.length > 0),
  );
}

/** The clipboard API, else the old select-and-copy; true only when the code really was copied. */
async function copyText(area: HTMLTextAreaElement): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(area.value);
    return true;
  } catch {
    // No clipboard API (older browsers, http), or permission refused.
  }
  area.focus();
  area.select();
  try {
    return document.execCommand("copy");
  } catch {
    return false;
  }
}

/** The toast is announced (role="status") and shown only when the copy succeeded; otherwise, how to copy by hand. */
function copyButton(button: HTMLButtonElement): void {
  const area = document.getElementById(button.dataset.copy ?? "");
  const toast = document.getElementById("copy-toast");
  const fallback = document.getElementById("copy-fallback");
  if (!(area instanceof HTMLTextAreaElement) || !toast || !fallback) return;
  button.hidden = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  button.addEventListener("click", async () => {
    const isCopied = await copyText(area);
    clearTimeout(timer);
    fallback.hidden = isCopied;
    toast.textContent = isCopied ? (toast.dataset.message ?? "") : "";
    toast.classList.toggle("sr-only", !isCopied);
    if (isCopied) {
      timer = setTimeout(() => {
        toast.textContent = "";
        toast.classList.add("sr-only");
      }, 5000);
    }
  });
}

/**
 * The Pix screen's clock and status: the time left ticks down from what the server counted as it
 * wrote the page (a phone's clock may be minutes off), and the page at data-done-url says how it
 * ended once the server says the payment is no longer open: polled, asked again the moment the
 * customer comes back from the bank's app, and when the time runs out.
 */
function followPix(root: HTMLElement): void {
  const { statusUrl = "", doneUrl = "" } = root.dataset;
  const endsAt = performance.now() + Number(root.dataset.secondsLeft) * 1000;
  const clock = root.querySelector("[data-testid=time-left]");
  let isLeaving = false;
  const check = async () => {
    if (isLeaving) return;
    const response = await fetch(statusUrl, { cache: "no-store" }).catch(() => null);
    if (!response?.ok) return;
    const { state } = (await response.json()) as { state: string };
    if (state === "open" || isLeaving) return;
    isLeaving = true;
    window.location.replace(doneUrl);
  };
  const tick = setInterval(() => {
    const left = Math.max(0, Math.round((endsAt - performance.now()) / 1000));
    if (clock) clock.textContent = formatTimeLeft(left);
    if (left > 0) return;
    clearInterval(tick);
    void check();
  }, 1000);
  setInterval(check, 2000);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") void check();
  });
}

/**
 * The wait for a live customer's bank (banco/aguardando): the status asked every few seconds, and
 * again the moment the customer comes back to the tab; once the payment is no longer open or the
 * bank's attempt is no longer pending, the page is loaded again and says how it ended.
 */
function followBank(root: HTMLElement): void {
  const { statusUrl = "", doneUrl = "" } = root.dataset;
  let isLeaving = false;
  const check = async () => {
    if (isLeaving) return;
    const response = await fetch(statusUrl, { cache: "no-store" }).catch(() => null);
    if (!response?.ok) return;
    const { state, bank } = (await response.json()) as { state: string; bank?: string };
    if ((state === "open" && bank === "pending") || isLeaving) return;
    isLeaving = true;
    window.location.replace(doneUrl);
  };
  setInterval(check, 3000);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") void check();
  });
}

/**
 * The receipt's visible countdown back to the shop, so it can be read (and kept) before leaving;
 * none when the customer came back to it with Back or Forward, who would be sent away again. A
 * customer who does anything on the page (saves the receipt, selects an id, presses "Ficar nesta
 * página") is reading it: the countdown stops for good (WCAG 2.2.1), the link to the shop stays.
 */
function returnCountdown(root: HTMLElement): void {
  const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
  if (navigation?.type === "back_forward") return;
  root.hidden = false;
  const counter = root.querySelector("[data-seconds-left]");
  const line = root.querySelector<HTMLElement>("[data-stopped]");
  const stay = root.querySelector<HTMLButtonElement>("button[data-stay]");
  const interactions = ["pointerdown", "keydown", "touchstart", "focusin", "wheel", "beforeprint"];
  let left = Number(root.dataset.seconds);
  const timer = setInterval(() => {
    left = Math.max(0, left - 1);
    if (counter) counter.textContent = String(left);
    if (left > 0) return;
    clearInterval(timer);
    window.location.assign(root.dataset.returnUrl ?? "");
  }, 1000);
  const stop = () => {
    clearInterval(timer);
    interactions.forEach((name) => window.removeEventListener(name, stop, true));
    if (!line || !stay) return;
    line.textContent = line.dataset.stopped ?? "";
    // The button goes away under a keyboard's focus: the line that replaced it takes the focus.
    const hadFocus = document.activeElement === stay;
    stay.hidden = true;
    if (hadFocus) line.focus();
  };
  interactions.forEach((name) => window.addEventListener(name, stop, { capture: true, passive: true }));
}

all<HTMLFormElement>("form[data-once]").forEach(submitOnce);
all<HTMLInputElement>("input[data-brl]").forEach(maskAmount);
all<HTMLInputElement>("input[data-cpf]").forEach(maskCpf);
all<HTMLButtonElement>("button[data-copy]").forEach(copyButton);
all<HTMLElement>("[data-pix]").forEach(followPix);
all<HTMLElement>("[data-bank-wait]").forEach(followBank);
all<HTMLElement>("[data-return-url]").forEach(returnCountdown);
// "Salvar comprovante": the browser's print, which on a phone also saves a PDF (hosted.css's print
// rules leave the receipt alone on the page).
all<HTMLButtonElement>("button[data-print]").forEach((button) => {
  button.hidden = false;
  button.addEventListener("click", () => window.print());
});
// After a submission came back with errors (not as the page opens: a phone would raise its
// keyboard over the page before it is read), the keyboard lands on the first field to fix.
document.querySelector<HTMLElement>("form[data-answered] [aria-invalid=true]")?.focus();
