import { describe, expect, it } from 'vitest';
import { serverForFile } from '../helpers/server-for-file.ts';
import { signedInClient } from '../helpers/users.ts';
import { QUESTIONS } from './fixtures.ts';

// docs/product.md 7 "Data calls", issued exactly as the web app will issue them.
const server = await serverForFile();
const user = await signedInClient(server, 'spec');

describe('the four data calls of docs/product.md 7', () => {
  let pageId: number;
  let questions: Array<{ id: number; question: string }>;

  it('1: finds the good_time_journal page as a single object', async () => {
    const { data, error, status } = await user.client
      .from('pages')
      .select('id')
      .eq('name', 'good_time_journal')
      .single();
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toEqual({ id: expect.any(Number) });
    pageId = (data as { id: number }).id;
  });

  it('2: lists the five active questions of the page, id and text only', async () => {
    const { data, error } = await user.client
      .from('questions')
      .select('id, question')
      .eq('page_id', pageId)
      .eq('active', true);
    expect(error).toBeNull();
    questions = data as Array<{ id: number; question: string }>;
    expect(questions.map((q) => q.question).sort()).toEqual([...QUESTIONS].sort());
    for (const q of questions) expect(Object.keys(q).sort()).toEqual(['id', 'question']);
  });

  it('3: inserts the five answers of one activity in one bulk insert', async () => {
    const answers: Record<string, string> = {
      'Activity Description': 'Morning run',
      'Energy Level': '80',
      'Engagement Level': '65',
      'Flow State': 'true',
      'Activity Notes': 'felt great',
    };
    const rows = questions.map((q) => ({
      user_id: user.userId,
      question_id: q.id,
      answer: answers[q.question]!,
    }));
    const { data, error, status } = await user.client.from('user_answers').insert(rows);
    expect(error).toBeNull();
    expect(status).toBe(201);
    // Without .select() PostgREST answers return=minimal: no body.
    expect(data).toBeNull();

    await new Promise((resolve) => setTimeout(resolve, 15));
    const second = questions.map((q) => ({
      user_id: user.userId,
      question_id: q.id,
      answer: q.question === 'Activity Description' ? 'Evening read' : '10',
    }));
    expect((await user.client.from('user_answers').insert(second)).error).toBeNull();
  });

  it('4: reads the answers back newest first; one activity shares one created_at', async () => {
    const { data, error } = await user.client
      .from('user_answers')
      .select('question_id, answer, created_at')
      .eq('user_id', user.userId)
      .order('created_at', { ascending: false });
    expect(error).toBeNull();
    const rows = data as Array<{ question_id: number; answer: string; created_at: string }>;
    expect(rows).toHaveLength(10);
    for (const row of rows)
      expect(Object.keys(row).sort()).toEqual(['answer', 'created_at', 'question_id']);

    // The client groups rows by identical created_at, as the app does.
    const groups = new Map<string, Map<number, string>>();
    for (const row of rows) {
      const group = groups.get(row.created_at) ?? new Map<number, string>();
      group.set(row.question_id, row.answer);
      groups.set(row.created_at, group);
    }
    expect(groups.size).toBe(2);
    const [newest, oldest] = [...groups.keys()];
    expect(Date.parse(newest!)).toBeGreaterThan(Date.parse(oldest!));
    const activityId = questions.find((q) => q.question === 'Activity Description')!.id;
    expect(groups.get(newest!)!.get(activityId)).toBe('Evening read');
    expect(groups.get(oldest!)!.get(activityId)).toBe('Morning run');
    expect([...groups.values()].map((g) => g.size)).toEqual([5, 5]);
    // Newest first all the way down: the ordering is PostgreSQL's, not luck.
    const times = rows.map((r) => Date.parse(r.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });
});
