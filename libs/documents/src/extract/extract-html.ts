/**
 * HTML to blocks with html-to-text: scripts, styles, images and link targets dropped, headings kept as
 * markdown headings so the chunker sees the document's sections. Also used for .docx (mammoth emits HTML).
 */
import { markdownBlocks, type TextBlock } from '../chunking/text-blocks.js';

type HtmlToText = typeof import('html-to-text');
let htmlToText: Promise<HtmlToText> | undefined;

export async function htmlToBlocks(html: string): Promise<TextBlock[]> {
  htmlToText ??= import('html-to-text');
  const { convert } = await htmlToText;
  const headingSelectors = [1, 2, 3, 4, 5, 6].map((level) => ({
    selector: `h${level}`,
    format: 'markdownHeading',
    options: { level },
  }));
  const text = convert(html, {
    wordwrap: false,
    formatters: {
      markdownHeading: (element, walk, builder, formatOptions) => {
        const level = Number((formatOptions as { level?: number }).level ?? 1);
        builder.openBlock({ leadingLineBreaks: 2 });
        builder.addLiteral(`${'#'.repeat(level)} `);
        walk(element.children, builder);
        builder.closeBlock({ trailingLineBreaks: 2 });
      },
    },
    selectors: [
      ...headingSelectors,
      { selector: 'a', options: { ignoreHref: true } },
      { selector: 'img', format: 'skip' },
      { selector: 'script', format: 'skip' },
      { selector: 'style', format: 'skip' },
      { selector: 'nav', format: 'skip' },
    ],
  });
  return markdownBlocks(text);
}
