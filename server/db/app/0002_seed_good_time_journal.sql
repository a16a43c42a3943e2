-- Idempotent seed: the journal page and its five active questions.
INSERT INTO public.pages (name) VALUES ('good_time_journal') ON CONFLICT (name) DO NOTHING;

INSERT INTO public.questions (question, page_id, active)
SELECT q.question, p.id, true
FROM public.pages p
CROSS JOIN unnest(ARRAY['Activity Description', 'Energy Level', 'Engagement Level',
                         'Flow State', 'Activity Notes']) WITH ORDINALITY AS q (question, position)
WHERE p.name = 'good_time_journal'
  AND NOT EXISTS (
    SELECT 1 FROM public.questions existing
    WHERE existing.page_id = p.id AND existing.question = q.question
  )
ORDER BY q.position;
