import { describe, expect, it } from 'vitest';
import type { OwnQuestionFinding } from '../../src/features/insights/api/get-insights.ts';
import {
  fitSentence,
  fitVerdict,
  levelSentence,
  needsSentence,
} from '../../src/features/insights/question-sentences.ts';

const question = (over: Partial<OwnQuestionFinding>): OwnQuestionFinding => ({
  id: 1,
  question: 'Hours slept',
  answer_type: 'number',
  asked: 'day',
  unit: 'h',
  label_1: null,
  label_5: null,
  days: 38,
  entries: 150,
  ready: true,
  same_answers: false,
  more_days: 0,
  more_days_yes: null,
  more_days_no: null,
  levels: [],
  fit: {
    estimate: 3.2,
    interval_low: 1.4,
    interval_high: 5.1,
    degrees_of_freedom: 36,
    p_value: 0.001,
    q_value: 0.003,
    clear: true,
  },
  ...over,
});

describe('Your questions in sentences', () => {
  it('relates a once-a-day number to that day’s energy', () => {
    expect(fitSentence(question({}))).toBe(
      'Each extra h of Hours slept goes with 3 points more energy that day (95% interval 1 to 5, on 38 days).',
    );
    expect(fitVerdict(question({}), 3)).toBe(
      'Clear: it holds with all of this screen’s comparisons and questions counted.',
    );
  });

  it('relates a number asked with every entry to those entries, in the precision it needs', () => {
    const water = question({
      question: 'Minutes outside',
      asked: 'entry',
      unit: null,
      days: 20,
      entries: 61,
      fit: {
        estimate: -0.034,
        interval_low: -0.09,
        interval_high: 0.021,
        degrees_of_freedom: 19,
        p_value: 0.2,
        q_value: 0.4,
        clear: false,
      },
    });
    expect(fitSentence(water)).toBe(
      'Each 1 more on Minutes outside goes with 0.03 points less energy in that entry (95% interval 0.09 lower to 0.02 higher, on 20 days, 61 answers).',
    );
    expect(fitVerdict(water, 2)).toBe(
      'Not clear: with all 2 comparisons and questions of this screen counted, it could still be chance.',
    );
  });

  it('gives a scale per step and each level with its days', () => {
    const focus = question({
      question: 'Focus',
      answer_type: 'scale',
      asked: 'entry',
      unit: null,
      label_1: 'scattered',
      label_5: 'sharp',
      entries: 160,
      days: 40,
    });
    expect(fitSentence(focus)).toBe(
      'Each step up on Focus (1 scattered, 5 sharp) goes with 3 points more energy in that entry (95% interval 1 to 5, on 40 days, 160 answers).',
    );
    expect(
      levelSentence(focus, {
        answer: 4,
        days: 22,
        entries: 36,
        avg_energy: 48.2,
        interval_low: 43.96,
        interval_high: 52.04,
      }),
    ).toBe('At 4: average energy 48% (95% interval 44 to 52; 36 entries on 22 days).');
  });

  it('compares the days of a once-a-day yes-or-no', () => {
    const slept = question({
      question: 'Slept well',
      answer_type: 'yes_no',
      unit: null,
      days: 14,
      fit: {
        estimate: -6.4,
        interval_low: -11,
        interval_high: -1.9,
        degrees_of_freedom: 12,
        p_value: 0.01,
        q_value: 0.01,
        clear: true,
      },
    });
    expect(fitSentence(slept)).toBe(
      'On days you answered Yes to Slept well, your energy averaged 6 points less than on days you answered No (95% interval 2 to 11, on 14 days).',
    );
    expect(
      levelSentence(slept, {
        answer: 0,
        days: 7,
        entries: 20,
        avg_energy: 55,
        interval_low: 50,
        interval_high: 60,
      }),
    ).toBe('No: the day’s average energy 55% (95% interval 50 to 60; 7 days).');
  });

  it('says what a question with too few answers needs', () => {
    expect(needsSentence(question({ ready: false, days: 0, more_days: 10, fit: null }), 10)).toBe(
      'Not answered in this period yet: it needs answers on 10 more days (10 in all) before it is related to your energy.',
    );
    expect(needsSentence(question({ ready: false, days: 9, more_days: 1, fit: null }), 10)).toBe(
      'Answered on 9 days: it needs answers on 1 more day (10 in all) before it is related to your energy.',
    );
    expect(
      needsSentence(
        question({
          answer_type: 'yes_no',
          ready: false,
          days: 12,
          more_days_yes: 0,
          more_days_no: 2,
          fit: null,
        }),
        10,
      ),
    ).toBe('It needs 2 more days answered No before it is related to your energy.');
    expect(needsSentence(question({ ready: false, same_answers: true, fit: null }), 10)).toBe(
      'Every answer so far is the same: answers that differ will show how your energy goes with it.',
    );
  });
});
