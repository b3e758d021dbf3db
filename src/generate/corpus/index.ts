/** @module The company background corpus: other processes' policies, handbooks, minutes and ticket logs a company's drive holds. */
export {
  type CompanyCorpus,
  type CompanyCorpusOptions,
  CORPUS_CHARS,
  companyCorpus,
  corpusId,
  DOCUMENT_CHARS,
  drawDocumentChars,
} from "./build.ts";
export { CORPUS_DATA, type CorpusData, loadCorpusData } from "./data.ts";
