-- The peer's copy of the tables a save and a history page touch, shaped like
-- ours (server/db/app) as far as its SQLite translator allows:
-- * no `DEFAULT auth.uid()` (SQLite cannot evaluate it): the save sends
--   user_id, as the web app's save does anyway, and the insert policy checks it;
-- * the view cannot take `security_invoker`, so it gets row-level security of
--   its own here, a peer-only arrangement that never belongs in our migrations;
-- * an entry's answers share its entry_key; the view groups by it.
create table public.pages (
  id bigint generated always as identity primary key,
  name text not null unique
);

create table public.questions (
  id bigint generated always as identity primary key,
  question text not null,
  page_id bigint not null references public.pages (id) on delete cascade,
  active boolean not null default true
);

create table public.user_answers (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  question_id bigint not null references public.questions (id),
  answer text not null,
  entry_key uuid not null,
  created_at timestamptz not null default now()
);
create unique index user_answers_entry_idx on public.user_answers (user_id, entry_key, question_id);
create index user_answers_user_created_idx on public.user_answers (user_id, created_at desc);

alter table public.pages enable row level security;
alter table public.questions enable row level security;
alter table public.user_answers enable row level security;
create policy pages_read on public.pages for select to authenticated using (true);
create policy questions_read on public.questions for select to authenticated using (true);
create policy user_answers_select_own on public.user_answers
  for select to authenticated using (user_id = auth.uid());
create policy user_answers_insert_own on public.user_answers
  for insert to authenticated with check (user_id = auth.uid());

create view public.activities as
select a.user_id,
  min(a.created_at) as created_at,
  max(case when q.question = 'Activity Description' then a.answer end) as activity,
  cast(max(case when q.question = 'Energy Level' then a.answer end) as integer) as energy,
  cast(max(case when q.question = 'Engagement Level' then a.answer end) as integer) as engagement,
  max(case when q.question = 'Flow State' then a.answer end) = 'true' as flow_state,
  max(case when q.question = 'Activity Notes' then a.answer end) as notes
from public.user_answers a
join public.questions q on q.id = a.question_id
group by a.user_id, a.entry_key;
alter table public.activities enable row level security;
create policy activities_select_own on public.activities
  for select to authenticated using (user_id = auth.uid());
