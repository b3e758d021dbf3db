/** @module The company background corpus: other processes' policies, handbooks, minutes and ticket logs a company's drive holds. */
export {
  CORPUS_CHARS,
  type CompanyCorpus,
  type CompanyCorpusOptions,
  companyCorpus,
  corpusId,
} from "./build.ts";
export { CORPUS_DATA, type CorpusData, loadCorpusData } from "./data.ts";
