import { CardSection } from '../../../components/CardSection.tsx';
import type { OwnQuestionFinding, Thresholds } from '../api/get-insights.ts';
import { fitSentence, fitVerdict, levelSentence, needsSentence } from '../question-sentences.ts';

/**
 * "Your questions": how energy goes with each of the person's own number
 * and scale questions and once-a-day yes-or-no questions (docs/decisions/085).
 * Shown only to someone who has such questions.
 */
export function OwnQuestionsSection({
  questions,
  thresholds,
  comparisonsMade,
}: {
  questions: OwnQuestionFinding[];
  thresholds: Thresholds;
  /** The comparisons above, counted with the section's lines (question_findings.sql). */
  comparisonsMade: number;
}) {
  if (questions.length === 0) return null;
  const related = questions.filter((q) => q.ready).length;
  return (
    <CardSection headingId="insights-own-questions" title="Your questions">
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-300">
        {`How your energy goes with your answers. A question asked once a day is related to that day's average energy, one point per day; one asked with every entry to the energy of the entries that answered it. The 95% intervals count days, not entries. Yes-or-no questions asked with every entry are compared under What goes with more energy.`}
      </p>
      <ul className="flex flex-col gap-3">
        {questions.map((q) => (
          <li key={q.id}>
            <h3 className="font-medium">{q.question}</h3>
            {q.ready ? (
              <>
                <p>{fitSentence(q)}</p>
                <p className="text-sm text-slate-600 dark:text-slate-300">
                  {fitVerdict(q, related + comparisonsMade)}
                </p>
                {q.levels.length > 0 && (
                  <ul className="mt-1 list-disc pl-5 text-sm">
                    {q.levels.map((level) => (
                      <li key={level.answer}>{levelSentence(q, level)}</li>
                    ))}
                  </ul>
                )}
              </>
            ) : (
              <p className="text-sm text-slate-600 dark:text-slate-300">
                {needsSentence(q, thresholds.question_min_days)}
              </p>
            )}
          </li>
        ))}
      </ul>
    </CardSection>
  );
}
