// Checks of a page as it is drawn, measured in the browser: what axe does not see or does not
// trust (text drawn on a background it cannot work out, a badge cut off by its cell).
import type { Page } from "@playwright/test";

export type LowContrast = { text: string; color: string; background: string; ratio: number };

/**
 * Every visible text node whose colour against its effective background is below `minimum`:
 * the background is found by walking up to the first opaque background-color, compositing the
 * translucent ones above it (the canvas, white or the dark scheme's, under all), and the text's
 * colour is composited over it with the opacity of its ancestors. Colours are read through a
 * canvas, so every CSS colour (oklch, color-mix) is compared as the sRGB the screen shows.
 */
export function findLowContrastText(page: Page, minimum = 4.5): Promise<LowContrast[]> {
  return page.evaluate((minimum) => {
    type Rgba = [number, number, number, number];
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 1;
    const context = canvas.getContext("2d", { willReadFrequently: true })!;
    const rgba = (css: string): Rgba => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = "#000";
      context.fillStyle = css;
      context.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = context.getImageData(0, 0, 1, 1).data;
      return [r, g, b, a / 255];
    };
    const over = (top: Rgba, bottom: Rgba): Rgba => [
      top[0] * top[3] + bottom[0] * (1 - top[3]),
      top[1] * top[3] + bottom[1] * (1 - top[3]),
      top[2] * top[3] + bottom[2] * (1 - top[3]),
      1,
    ];
    const luminance = ([r, g, b]: Rgba) => {
      const [R, G, B] = [r, g, b].map((c) => {
        const s = c / 255;
        return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * R + 0.7152 * G + 0.0722 * B;
    };
    const isDarkCanvas =
      getComputedStyle(document.documentElement).colorScheme.includes("dark") &&
      matchMedia("(prefers-color-scheme: dark)").matches;
    const canvasColour: Rgba = isDarkCanvas ? [18, 18, 18, 1] : [255, 255, 255, 1];
    const backgroundOf = (element: Element): Rgba => {
      const layers: Rgba[] = [];
      for (let node: Element | null = element; node; node = node.parentElement) {
        const layer = rgba(getComputedStyle(node).backgroundColor);
        if (layer[3] > 0) layers.push(layer);
        if (layer[3] >= 1) break;
      }
      return layers.reduceRight<Rgba>((below, layer) => over(layer, below), canvasColour);
    };
    const opacityOf = (element: Element) => {
      let opacity = 1;
      for (let node: Element | null = element; node; node = node.parentElement)
        opacity *= Number(getComputedStyle(node).opacity);
      return opacity;
    };
    const found: { text: string; color: string; background: string; ratio: number }[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent!.trim();
      const element = node.parentElement;
      if (!text || !element || ["SCRIPT", "STYLE", "NOSCRIPT", "TEMPLATE"].includes(element.tagName)) continue;
      if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      const box = element.getBoundingClientRect();
      // Screen-reader-only text (sr-only: one clipped pixel) is not drawn.
      if (box.width <= 1 || box.height <= 1) continue;
      const background = backgroundOf(element);
      const colour = rgba(getComputedStyle(element).color);
      const shown = over([colour[0], colour[1], colour[2], colour[3] * opacityOf(element)], background);
      const [light, dark] = [luminance(shown), luminance(background)].sort((a, b) => b - a);
      const ratio = (light + 0.05) / (dark + 0.05);
      if (ratio < minimum) {
        found.push({
          text: text.slice(0, 60),
          color: `rgb(${shown.slice(0, 3).map(Math.round).join(" ")})`,
          background: `rgb(${background.slice(0, 3).map(Math.round).join(" ")})`,
          ratio: Math.round(ratio * 100) / 100,
        });
      }
    }
    return found;
  }, minimum);
}

export type CellOverflow = { cell: string; problem: string };

/**
 * Every visible table cell whose content is wider than the cell (scrollWidth > clientWidth) or
 * that draws something (a status badge, a link) outside its own box, and every table box wider
 * than the page.
 */
export function findOverflowingCells(page: Page): Promise<CellOverflow[]> {
  return page.evaluate(() => {
    const found: { cell: string; problem: string }[] = [];
    const name = (cell: Element) => (cell.textContent ?? "").trim().slice(0, 50);
    for (const cell of document.querySelectorAll("td, th")) {
      if (!cell.checkVisibility() || cell.getClientRects().length === 0) continue;
      const box = cell.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      if (cell.scrollWidth > cell.clientWidth) {
        found.push({ cell: name(cell), problem: `scrollWidth ${cell.scrollWidth} > clientWidth ${cell.clientWidth}` });
      }
      for (const inner of cell.querySelectorAll("*")) {
        if (!inner.checkVisibility()) continue;
        const r = inner.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) continue;
        if (
          r.left < box.left - 0.5 ||
          r.right > box.right + 0.5 ||
          r.top < box.top - 0.5 ||
          r.bottom > box.bottom + 0.5
        )
          found.push({
            cell: name(cell),
            problem: `<${inner.tagName.toLowerCase()}> "${name(inner)}" outside the cell`,
          });
      }
    }
    for (const region of document.querySelectorAll('[role="region"]:has(> table)')) {
      if (region.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
        found.push({
          cell: region.getAttribute("aria-label") ?? "table",
          problem: "the table's box is wider than the page",
        });
      if (region.scrollWidth > region.clientWidth)
        found.push({ cell: region.getAttribute("aria-label") ?? "table", problem: "the table scrolls sideways" });
    }
    return found;
  });
}

/**
 * Words of one language that the other's pages never use: an English one on a Portuguese page,
 * a Portuguese one on an English page. Names and data (a merchant called "Loja…", a bank called
 * "Banco…", a customer "da Silva") share no word with these lists.
 */
const otherLanguageWords: Record<"pt-BR" | "en", string[]> = {
  "pt-BR":
    "the and with without cannot must within from has have this that which refused failed answer merchant your please not".split(
      " ",
    ),
  en: "não você é pagamento pagar para com pelo pela seu sua está código válido recusado aprovou motivo".split(" "),
};

/**
 * Every visible word on the page that belongs to the other language, with the text it is in.
 * Code, preformatted replies and text marked with another `lang` (the language switch, a raw
 * error under "detalhe técnico") are what they are, and so are left out, as is anything folded
 * in a closed <details>.
 */
export function findOtherLanguageText(page: Page, locale: "pt-BR" | "en"): Promise<string[]> {
  return page.evaluate(
    ({ locale, words }) => {
      const found = new Set<string>();
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const element = node.parentElement;
        if (!element || !element.checkVisibility() || element.getClientRects().length === 0) continue;
        if (element.closest("code, pre, script, style")) continue;
        const lang = element.closest("[lang]")?.getAttribute("lang") ?? locale;
        if (lang.toLowerCase() !== locale.toLowerCase()) continue;
        const text = node.textContent ?? "";
        // An address or a domain ("m***@example.com") is no word of either language, and neither is
        // an id or a code ("evt_the7zl…" holds "the" only by chance).
        const prose = text.replace(/\S*[@.]\S+/g, " ").replace(/\S*[\d_]\S*/g, " ");
        for (const word of prose.toLowerCase().split(/[^\p{L}]+/u)) {
          if (words.includes(word)) found.add(`${word}: "${text.trim().slice(0, 80)}"`);
        }
      }
      return [...found];
    },
    { locale, words: otherLanguageWords[locale] },
  );
}
