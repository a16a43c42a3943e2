-- History pages filtered by flow or by a minimum energy (docs/decisions/015).
-- The primary key (user_id, created_at) serves the first page and the keyset
-- pages; a filter that few entries match would walk a whole journal along it
-- to find fifty, so these let the planner go straight to the matching ones.
CREATE INDEX activity_entries_user_flow_created_idx
  ON public.activity_entries (user_id, flow_state, created_at DESC);
CREATE INDEX activity_entries_user_energy_idx
  ON public.activity_entries (user_id, energy);
