-- #40 item 15: "N others reported this" is live, like statuses and messages.
-- Each author's count is kept in feedback_report_counts (theirs only, by
-- RLS) whenever the topic items change, and the table is published to
-- Realtime: the author's open dashboard hears the new count at once. The
-- count is the one get_my_topic_counts answers (one function for both).

-- How many other people reported what each feedback reports: across the
-- topics it is in, the most contributors besides its author (0 when none).
CREATE FUNCTION private.reported_by_others(p_feedback_ids uuid[]) RETURNS TABLE(feedback_id uuid, user_id uuid, others integer)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select f.id, f.user_id,
         coalesce(max(greatest(t.contributor_count
                      - case when exists (select 1 from public.feedback_topic_items j
                                            join public.feedback g on g.id = j.feedback_id
                                           where j.topic_id = t.id and j.state = 'confirmed'
                                             and g.user_id = f.user_id) then 1 else 0 end, 0)), 0)::integer
    from public.feedback f
    left join public.feedback_topic_items i on i.feedback_id = f.id
    left join public.feedback_topics t on t.id = i.topic_id
   where f.id = any(p_feedback_ids)
   group by f.id, f.user_id
$$;

COMMENT ON FUNCTION private.reported_by_others(p_feedback_ids uuid[]) IS 'For each feedback: how many other contributors the topics it is in have at most (a count, never who); 0 outside any topic.';

REVOKE ALL ON FUNCTION private.reported_by_others(p_feedback_ids uuid[]) FROM PUBLIC;

CREATE OR REPLACE FUNCTION public.get_my_topic_counts(p_feedback_ids uuid[]) RETURNS TABLE(feedback_id uuid, others integer)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  select r.feedback_id, r.others
    from private.reported_by_others((p_feedback_ids)[1:200]) r
   where r.user_id = auth.uid() and r.others > 0
$$;

CREATE TABLE public.feedback_report_counts (
    feedback_id uuid NOT NULL,
    user_id uuid NOT NULL,
    others integer NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT feedback_report_counts_pkey PRIMARY KEY (feedback_id),
    CONSTRAINT feedback_report_counts_feedback_id_fkey FOREIGN KEY (feedback_id) REFERENCES public.feedback(id) ON DELETE CASCADE,
    CONSTRAINT feedback_report_counts_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE
);

COMMENT ON TABLE public.feedback_report_counts IS 'How many others reported what an author''s feedback reports, kept by the topic-item triggers and sent live to that author only (a count, never who).';

CREATE INDEX feedback_report_counts_user_id_idx ON public.feedback_report_counts USING btree (user_id);

ALTER TABLE public.feedback_report_counts ENABLE ROW LEVEL SECURITY;

CREATE POLICY "Authors read their own report counts" ON public.feedback_report_counts FOR SELECT TO authenticated USING ((user_id = ( SELECT auth.uid() AS uid)));

REVOKE ALL ON TABLE public.feedback_report_counts FROM PUBLIC, anon, authenticated, service_role;
GRANT SELECT ON TABLE public.feedback_report_counts TO authenticated;
GRANT ALL ON TABLE public.feedback_report_counts TO service_role;

-- After the topic counts (triggers fire in name order: "counted" first):
-- the feedback of every topic touched, and the feedback that moved.
CREATE FUNCTION private.topic_items_report_counts() RETURNS trigger
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
declare
  v_topics uuid[];
  v_moved uuid[];
begin
  if tg_op = 'INSERT' then
    select array_agg(distinct r.topic_id), array_agg(distinct r.feedback_id) into v_topics, v_moved from new_rows r;
  elsif tg_op = 'DELETE' then
    select array_agg(distinct r.topic_id), array_agg(distinct r.feedback_id) into v_topics, v_moved from old_rows r;
  else
    select array_agg(distinct x.topic_id), array_agg(distinct x.feedback_id) into v_topics, v_moved
      from (select topic_id, feedback_id from new_rows union select topic_id, feedback_id from old_rows) x;
  end if;
  if v_topics is null then
    return null;
  end if;
  insert into public.feedback_report_counts as c (feedback_id, user_id, others)
  select r.feedback_id, r.user_id, r.others
    from private.reported_by_others(array(
           select i.feedback_id from public.feedback_topic_items i where i.topic_id = any(v_topics)
           union select unnest(v_moved))) r
  on conflict (feedback_id) do update
     set others = excluded.others, updated_at = now()
   where c.others is distinct from excluded.others;
  return null;
end
$$;

COMMENT ON FUNCTION private.topic_items_report_counts() IS 'After topic items change: keeps feedback_report_counts of the feedback of the topics touched (#40 item 15).';

REVOKE ALL ON FUNCTION private.topic_items_report_counts() FROM PUBLIC;

CREATE TRIGGER feedback_topic_items_report_counts_delete AFTER DELETE ON public.feedback_topic_items REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION private.topic_items_report_counts();
CREATE TRIGGER feedback_topic_items_report_counts_insert AFTER INSERT ON public.feedback_topic_items REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.topic_items_report_counts();
CREATE TRIGGER feedback_topic_items_report_counts_update AFTER UPDATE ON public.feedback_topic_items REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION private.topic_items_report_counts();

ALTER PUBLICATION supabase_realtime ADD TABLE ONLY public.feedback_report_counts;

-- The counts of feedback already in topics.
INSERT INTO public.feedback_report_counts (feedback_id, user_id, others)
SELECT r.feedback_id, r.user_id, r.others
  FROM private.reported_by_others(array(select distinct i.feedback_id from public.feedback_topic_items i)) r;
