/**
 * Text extraction per document type, each with a well-kept parser: pdf-parse 2 for PDF, mammoth for .docx,
 * html-to-text for HTML, csv-parse for CSV; JSON is flattened to `path: value` lines; Markdown, YAML, code and
 * plain text are read as UTF-8. Parsers load on first use. A file that cannot be parsed raises
 * `ExtractionError`, which ingestion reports as a skipped file rather than failing the whole run.
 */
import { extname } from 'node:path';
import { markdownBlocks, paragraphBlocks, verbatimBlocks, type TextBlock } from '../chunking/text-blocks.js';
import type { DocType } from './doc-types.js';
import { htmlToBlocks } from './extract-html.js';
import { csvToBlocks, jsonToBlocks } from './extract-structured.js';

/** A file whose content could not be turned into text; `message` is safe to show (no file contents). */
export class ExtractionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExtractionError';
  }
}

function decodeUtf8(content: Uint8Array): string {
  return new TextDecoder('utf-8').decode(content).replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
}

async function pdfBlocks(content: Uint8Array): Promise<TextBlock[]> {
  const { PDFParse } = await import('pdf-parse');
  // pdf.js takes ownership of the bytes it is given; pass a copy so the caller's buffer stays usable.
  const parser = new PDFParse({ data: new Uint8Array(content) });
  try {
    const result = await parser.getText();
    return result.pages.flatMap((page) => paragraphBlocks(page.text.replace(/\r\n?/g, '\n')));
  } finally {
    await parser.destroy();
  }
}

async function docxBlocks(content: Uint8Array): Promise<TextBlock[]> {
  const { default: mammoth } = await import('mammoth');
  // externalFileAccess off: a document must never make us read other files (linked images, includes).
  const result = await mammoth.convertToHtml(
    { buffer: Buffer.from(content.buffer, content.byteOffset, content.byteLength) },
    { externalFileAccess: false },
  );
  return htmlToBlocks(result.value);
}

function describeFailure(docType: DocType, error: unknown): string {
  const detail = error instanceof SyntaxError ? 'invalid syntax' : 'the file could not be parsed';
  return `${docType} extraction failed: ${detail}`;
}

/** Extracts the structured text of one file. Returns no blocks for files without text. */
export async function extractBlocks(path: string, docType: DocType, content: Uint8Array): Promise<TextBlock[]> {
  try {
    switch (docType) {
      case 'text':
        return paragraphBlocks(decodeUtf8(content));
      case 'markdown':
        return markdownBlocks(decodeUtf8(content));
      case 'html':
        return await htmlToBlocks(decodeUtf8(content));
      case 'pdf':
        return await pdfBlocks(content);
      case 'docx':
        return await docxBlocks(content);
      case 'csv':
        return await csvToBlocks(decodeUtf8(content), extname(path).toLowerCase() === '.tsv' ? '\t' : ',');
      case 'json':
        return jsonToBlocks(decodeUtf8(content));
      case 'yaml':
      case 'code':
        return verbatimBlocks(decodeUtf8(content));
      case 'xlsx':
        throw new ExtractionError('xlsx files are not supported yet; export the sheet as CSV to index it');
    }
  } catch (error) {
    if (error instanceof ExtractionError) throw error;
    throw new ExtractionError(describeFailure(docType, error));
  }
}
