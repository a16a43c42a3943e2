import type { AnswerLevel, OwnQuestionFinding } from './api/get-insights.ts';
import { intervalWords } from './comparison-sentences.ts';

// The sentences of "Your questions" (docs/decisions/085): what the answer
// was related to (that day's average energy, or the entries that gave it),
// how sure (a 95% interval over days), on how many days, and whether it
// holds once all of the screen's comparisons and questions are counted. "Goes with",
// never "causes".

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const entries = (n: number) => `${n} ${n === 1 ? 'entry' : 'entries'}`;

/**
 * How many decimals an amount needs to say something: whole points from 1
 * up, else one significant digit (0.3 points per minute, 0.04 per step).
 */
function decimalsFor(x: number): number {
  const size = Math.abs(x);
  if (size >= 1 || size === 0) return 0;
  return Math.min(4, -Math.floor(Math.log10(size)));
}

const shown = (x: number, decimals: number) => Number(x.toFixed(decimals));

const pointsWord = (n: number) => (n === 1 ? 'point' : 'points');

/** "3 points more", with the interval in the same precision. */
function change(estimate: number, low: number, high: number) {
  const decimals = decimalsFor(estimate);
  const d = shown(estimate, decimals);
  const direction = d > 0 ? 'more' : d < 0 ? 'less' : 'same';
  return {
    direction,
    amount: direction === 'same' ? '' : `${Math.abs(d)} ${pointsWord(Math.abs(d))} ${direction}`,
    interval: intervalWords(shown(low, decimals), shown(high, decimals), direction),
  };
}

/** Where the energy was read: that day (once a day) or the entry that gave the answer. */
const where = (q: OwnQuestionFinding) => (q.asked === 'day' ? 'that day' : 'in that entry');

/** What one step of the answer is. */
function step(q: OwnQuestionFinding): string {
  if (q.answer_type === 'scale') {
    const ends = [q.label_1 ? `1 ${q.label_1}` : '', q.label_5 ? `5 ${q.label_5}` : ''];
    const labels = q.label_1 || q.label_5 ? ` (${ends.filter(Boolean).join(', ')})` : '';
    return `Each step up on ${q.question}${labels}`;
  }
  return q.unit ? `Each extra ${q.unit} of ${q.question}` : `Each 1 more on ${q.question}`;
}

/**
 * The fit in one sentence, e.g. "Each extra h of Hours slept goes with 3
 * points more energy that day (95% interval 1 to 5, on 38 days)."
 */
export function fitSentence(q: OwnQuestionFinding): string {
  const fit = q.fit;
  if (!fit) return '';
  const { direction, amount, interval } = change(fit.estimate, fit.interval_low, fit.interval_high);
  const days = plural(q.days, 'day');
  if (q.answer_type === 'yes_no') {
    const how =
      direction === 'same'
        ? 'about the same as on days you answered No'
        : `${amount} than on days you answered No`;
    return `On days you answered Yes to ${q.question}, your energy averaged ${how} (95% interval ${interval}, on ${days}).`;
  }
  const how = direction === 'same' ? 'about the same energy' : `${amount} energy`;
  const extra = q.asked === 'entry' ? `, ${plural(q.entries, 'answer')}` : '';
  return `${step(q)} goes with ${how} ${where(q)} (95% interval ${interval}, on ${days}${extra}).`;
}

/**
 * Whether the fit holds once the whole screen is counted: the section's
 * lines and the comparisons above are one family (question_findings.sql).
 */
export function fitVerdict(q: OwnQuestionFinding, claimsCounted: number): string {
  if (!q.fit) return '';
  if (q.fit.clear)
    return 'Clear: it holds with all of this screen’s comparisons and questions counted.';
  return `Not clear: with all ${claimsCounted} comparisons and questions of this screen counted, it could still be chance.`;
}

/** "At 4: 48 average energy (95% interval 44 to 52; 36 entries on 22 days)." */
export function levelSentence(q: OwnQuestionFinding, level: AnswerLevel): string {
  const name =
    q.answer_type === 'yes_no' ? (level.answer === 1 ? 'Yes' : 'No') : `At ${level.answer}`;
  const average = Math.round(level.avg_energy);
  const low = Math.max(0, Math.round(level.interval_low));
  const high = Math.min(100, Math.round(level.interval_high));
  const whose = q.asked === 'day' ? 'the day’s average energy' : 'average energy';
  const count =
    q.asked === 'day'
      ? plural(level.days, 'day')
      : `${entries(level.entries)} on ${plural(level.days, 'day')}`;
  return `${name}: ${whose} ${average}% (95% interval ${low} to ${high}; ${count}).`;
}

/** What a question with too few answers still needs. */
export function needsSentence(q: OwnQuestionFinding, minDays: number): string {
  if (q.more_days > 0) {
    const soFar =
      q.days === 0 ? 'Not answered in this period yet' : `Answered on ${plural(q.days, 'day')}`;
    return `${soFar}: it needs answers on ${plural(q.more_days, 'more day')} (${minDays} in all) before it is related to your energy.`;
  }
  if (q.same_answers) {
    return 'Every answer so far is the same: answers that differ will show how your energy goes with it.';
  }
  const yes = q.more_days_yes ?? 0;
  const no = q.more_days_no ?? 0;
  const wanted = [
    yes > 0 ? `${plural(yes, 'more day')} answered Yes` : '',
    no > 0 ? `${plural(no, 'more day')} answered No` : '',
  ].filter(Boolean);
  return `It needs ${wanted.join(' and ')} before it is related to your energy.`;
}
