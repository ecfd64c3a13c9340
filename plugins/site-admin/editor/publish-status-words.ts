/**
 * What the editor's publishing line says, in the editor's own language (the
 * browser's: Arabic where the editor reads Arabic first, else English). These
 * words belong to the editor's page, like Decap's own labels, not to the
 * site's content in data/: an editor cannot break them by an edit.
 */
import { STALLED_AFTER_MINUTES, USUAL_PUBLISH_MINUTES, type PublishState } from "./publish-state";

export interface StatusWords {
  /** The name of the line, for screen readers. */
  label: string;
  live: string;
  /** The link to the live site, beside "live". */
  seeSite: string;
  publishing: string;
  /** Said of a change a check stopped; the check's own message (in English) follows it. */
  failed: string;
  /** The link to the check's report, beside "failed". */
  seeReport: string;
  stalled: string;
  /** The link to the list of publishing runs, beside "stalled". */
  seeRuns: string;
}

export const statusWords: Record<"en" | "ar", StatusWords> = {
  en: {
    label: "Publishing",
    live: "Your latest published change is live on the site.",
    seeSite: "Open the site",
    publishing: `Your latest change is being checked and published. This usually takes about ${USUAL_PUBLISH_MINUTES} minutes; this line updates by itself.`,
    failed: "Your latest change was not published: a check stopped it, and the site still shows the version before it.",
    seeReport: "See the check's report",
    stalled: `Publishing your latest change has not started after ${STALLED_AFTER_MINUTES} minutes. Ask the site's developer to look at the publishing runs.`,
    seeRuns: "See the publishing runs",
  },
  ar: {
    label: "حالة النشر",
    live: "آخر تعديل نشرته ظاهر الآن على الموقع.",
    seeSite: "فتح الموقع",
    publishing: `يجري الآن فحص آخر تعديل نشرته ونشره على الموقع، ويستغرق ذلك عادةً نحو ${USUAL_PUBLISH_MINUTES} دقائق. يتحدّث هذا السطر تلقائيًا.`,
    failed: "لم يُنشر آخر تعديل لأن أحد الفحوص أوقفه، وما زال الموقع يعرض النسخة السابقة.",
    seeReport: "عرض تقرير الفحص",
    stalled: `لم يبدأ نشر آخر تعديل بعد مرور ${STALLED_AFTER_MINUTES} دقيقة. اطلب من مطوّر الموقع مراجعة عمليات النشر.`,
    seeRuns: "عرض عمليات النشر",
  },
};

/** The sentence a state is shown with, the check's own words where a check stopped it, and a link. */
export function describe(
  state: PublishState,
  words: StatusWords,
  runs: string,
): { text: string; detail?: string; link?: { label: string; href: string } } {
  switch (state.kind) {
    case "live":
      return { text: words.live, ...(state.address && { link: { label: words.seeSite, href: state.address } }) };
    case "publishing":
      return { text: words.publishing };
    case "failed":
      return {
        text: words.failed,
        ...(state.message && { detail: state.message }),
        ...(state.report && { link: { label: words.seeReport, href: state.report } }),
      };
    case "stalled":
      return { text: words.stalled, link: { label: words.seeRuns, href: runs } };
  }
}
