-- Demo data for a new database in demo mode (ARCHITECTURE.md, "Demo data").
-- Every demo password is `demo-password`. Deterministic ids so tests can rely on them.

-- ---------------------------------------------------------------- accounts
with demo (id, email, full_name) as (
  values
    ('00000000-0000-4000-8000-000000000001'::uuid, 'consumer@example.com', 'Casey Consumer'),
    ('00000000-0000-4000-8000-000000000002'::uuid, 'consumer2@example.com', 'Robin Reviewer'),
    ('00000000-0000-4000-8000-000000000003'::uuid, 'company@example.com', 'Example Inc.'),
    ('00000000-0000-4000-8000-000000000004'::uuid, 'other@example.org', 'Example Org'),
    ('00000000-0000-4000-8000-000000000005'::uuid, 'admin@example.com', 'Peega Team'),
    -- Team seats (#21): a member of Example Org (Pro, 3 seats), the owner and
    -- an admin of Not Example (Advanced, unlimited seats).
    ('00000000-0000-4000-8000-000000000006'::uuid, 'teammate@example.org', 'Taylor Teammate'),
    ('00000000-0000-4000-8000-000000000007'::uuid, 'advanced@notexample.com', 'Not Example'),
    ('00000000-0000-4000-8000-000000000008'::uuid, 'admin@notexample.com', 'Alex Admin')
)
insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at, last_sign_in_at
)
select
  '00000000-0000-0000-0000-000000000000', id, 'authenticated', 'authenticated', email,
  extensions.crypt('demo-password', extensions.gen_salt('bf', 10)), now(),
  '{"provider":"email","providers":["email"]}'::jsonb,
  jsonb_build_object('full_name', full_name),
  now(), now(), null
from demo;

insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
select
  u.id::text, u.id,
  jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true, 'phone_verified', false),
  'email', now(), now()
from auth.users u
where u.id::text like '00000000-0000-4000-8000-00000000000_';

-- The demo database runs in demo mode: demo-only functions (the company's
-- reset of its view count) check this row; hosted projects never have it.
insert into private.settings (key, value) values ('demo_mode', 'true')
on conflict (key) do update set value = excluded.value, updated_at = now();

-- ---------------------------------------------------------------- profiles
-- Profiles and stats rows were created by the auth.users trigger. Points,
-- levels and badges below are all awarded by the database's own rules.
update public.profiles set nickname = 'casey_builds' where id = '00000000-0000-4000-8000-000000000001';
update public.profiles set nickname = 'robin_reviews' where id = '00000000-0000-4000-8000-000000000002';

-- Casey completes the questionnaire (+30 XP) and verifies LinkedIn (+30 XP).
update public.profiles
   set age_range = '30-34', city = 'Lisbon, Portugal', languages = array['English', 'Portuguese'],
       devices = array['desktop', 'mobile'], gender = 'prefer-not-to-say',
       job_title = 'Frontend Developer', seniority = 'Senior', tech_knowledge = 8,
       topics = array['UX Design', 'Technology', 'Productivity'], hobbies = array['Cycling', 'Reading']
 where id = '00000000-0000-4000-8000-000000000001';
select public.mark_linkedin_verified('00000000-0000-4000-8000-000000000001');

-- Robin's questionnaire is half done (General only).
update public.profiles
   set age_range = '25-29', city = 'Berlin, Germany', languages = array['German', 'English'],
       devices = array['mobile'], gender = 'female'
 where id = '00000000-0000-4000-8000-000000000002';

-- Robin signed up through Casey's referral link: 30 XP each.
select set_config('request.jwt.claims',
  '{"sub":"00000000-0000-4000-8000-000000000002","role":"authenticated"}', true);
select * from public.process_referral_signup(
  null, (select referral_code from public.profiles where id = '00000000-0000-4000-8000-000000000001'));
select set_config('request.jwt.claims', '', true);

-- ---------------------------------------------------------------- companies
insert into public.companies (user_id, email, company_name, website_url, domain)
values
  ('00000000-0000-4000-8000-000000000003', 'company@example.com', 'Example Inc.',
   'https://example.com', 'example.com'),
  ('00000000-0000-4000-8000-000000000004', 'other@example.org', 'Example Org',
   'https://example.org', 'example.org'),
  ('00000000-0000-4000-8000-000000000007', 'advanced@notexample.com', 'Not Example',
   'https://notexample.com', 'notexample.com');

-- Example Inc. stays on the free plan (5 views a day, 1 seat); Example Org
-- is on Pro (3 seats), Not Example on Advanced (unlimited): paid plans are
-- "coming soon", so only the demo shows them.
update public.company_subscriptions
   set subscription_type = 'pro'
 where company_id = (select id from public.companies where email = 'other@example.org');
update public.company_subscriptions
   set subscription_type = 'advanced'
 where company_id = (select id from public.companies where email = 'advanced@notexample.com');

-- Their teams (the owners joined with their companies).
insert into public.company_members (company_id, user_id, role)
values
  ((select id from public.companies where email = 'other@example.org'),
   '00000000-0000-4000-8000-000000000006', 'member'),
  ((select id from public.companies where email = 'advanced@notexample.com'),
   '00000000-0000-4000-8000-000000000008', 'admin');

-- Both demo companies have proven their domains (feedback content is shown
-- only for verified domains).
select public.confirm_domain_verification(
  (select id from public.companies where email = 'company@example.com'), 'example.com', 'dns');
select public.confirm_domain_verification(
  (select id from public.companies where email = 'other@example.org'), 'example.org', 'file');
select public.confirm_domain_verification(
  (select id from public.companies where email = 'advanced@notexample.com'), 'notexample.com', 'dns');

-- ---------------------------------------------------------------- blog admins
insert into public.blog_admins (user_email) values ('admin@example.com');

-- ---------------------------------------------------------------- feedback
-- A year of feedback from both consumers, oldest first so streaks build up
-- as they would live. Casey ends on a 7-day streak (yesterday included).
create temporary table seed_texts (category text, n int, title text, body text) on commit drop;
insert into seed_texts values
  ('bug', 0, 'Checkout button does nothing on Safari', 'On Safari 17 the "Pay now" button shows a spinner forever and the order is never placed. Chrome works fine.'),
  ('bug', 1, 'Search results flicker while typing', 'Every keystroke clears the list and redraws it, so the page jumps and I lose my place.'),
  ('bug', 2, 'Images missing on slow connections', 'On a train connection product images stay grey placeholders even after the page finished loading.'),
  ('bug', 3, 'Password reset e-mail never arrives', 'I asked for a reset link three times; nothing in the inbox or spam folder after an hour.'),
  ('bug', 4, 'Date picker starts on Sunday', 'The calendar starts weeks on Sunday although my locale is set to Portugal, so I keep picking the wrong day.'),
  ('bug', 5, 'Cart empties after logging in', 'Items added before signing in disappear once I log in. I had to add everything again.'),
  ('feature', 0, 'Dark mode, please', 'Reading in the evening is hard on the eyes. A dark theme that follows the system setting would be great.'),
  ('feature', 1, 'Export my data as CSV', 'I would like to download my order history as a spreadsheet for my own bookkeeping.'),
  ('feature', 2, 'Keyboard shortcuts for power users', 'Shortcuts for search, next and previous item would make daily use much faster.'),
  ('feature', 3, 'Save filters as presets', 'I apply the same four filters every morning; saving them as a named preset would save time.'),
  ('feature', 4, 'Two-factor authentication', 'Please add an authenticator-app option for signing in; the account holds payment details.'),
  ('improvement', 0, 'Make the pricing table easier to compare', 'The plans are in separate cards and I have to scroll back and forth; a single comparison table would help.'),
  ('improvement', 1, 'Bigger tap targets on mobile', 'The close buttons on pop-ups are tiny and I often hit the link next to them instead.'),
  ('improvement', 2, 'Clearer error when the card is declined', 'The form only says "Something went wrong". Telling me the card was declined would avoid retries.'),
  ('improvement', 3, 'Remember my language choice', 'Every visit starts in English again even though I chose Portuguese last time.'),
  ('improvement', 4, 'Show delivery dates before checkout', 'I only learn the delivery date on the last step; showing it on the product page would help me decide.'),
  ('other', 0, 'Lovely onboarding', 'The three-step welcome tour was short and useful. Thanks for not making it ten screens long.'),
  ('other', 1, 'Support answered within minutes', 'Just wanted to say the chat support solved my problem very quickly.'),
  ('other', 2, 'Newsletter comes too often', 'Three newsletters a week is a lot; a weekly digest would be enough for me.');

create temporary table seed_sites (n int, url text, company_name text) on commit drop;
insert into seed_sites values
  (0, 'https://example.com/checkout', 'Example Inc.'),
  (1, 'https://www.example.com/pricing', 'Example Inc.'),
  (2, 'https://shop.example.com/cart', 'Example Inc.'),
  (3, 'https://example.org/donate', 'Example Org'),
  (4, 'https://docs.example.org/getting-started', 'Example Org'),
  (5, 'https://github.com/explore', 'GitHub'),
  (6, 'https://news.ycombinator.com/', 'Hacker News'),
  (7, 'https://www.figma.com/files', 'Figma'),
  (8, 'https://www.notion.so/templates', 'Notion'),
  (9, 'https://en.wikipedia.org/wiki/Feedback', 'Wikipedia'),
  (10, 'https://notexample.com/', 'Not Example'),
  (11, 'https://open.spotify.com/', 'Spotify');

create temporary table seed_feedback on commit drop as
with plan (author, n, days_ago, minutes) as (
  -- Casey: 133 feedback spread over the year, then 7 consecutive days.
  select '00000000-0000-4000-8000-000000000001'::uuid, n,
         case when n < 133 then 364 - (n * 356 / 132) else 139 - n + 1 end,
         (n * 53) % 600
    from generate_series(0, 139) as n
  union all
  -- Robin: 70 feedback, every fifth day, with a 3-day streak in the middle.
  select '00000000-0000-4000-8000-000000000002'::uuid, n,
         case when n between 30 and 32 then 150 - (n - 30) else 360 - n * 5 end,
         (n * 71) % 540
    from generate_series(0, 69) as n
)
select p.author, p.n,
       date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'
         - make_interval(days => p.days_ago) + make_interval(hours => 8, mins => p.minutes) as created_at,
       c.category, t.title, t.body, s.url, s.company_name
  from plan p
  cross join lateral (
    select (array['bug', 'feature', 'improvement', 'bug', 'other', 'feature', 'improvement'])
      [1 + (p.n + case when p.author::text like '%1' then 0 else 3 end) % 7] as category
  ) c
  cross join lateral (
    select st.title, st.body from seed_texts st
     where st.category = c.category
     order by (st.n + p.n * 7) % 11, st.n limit 1
  ) t
  join seed_sites s on s.n = (p.n * 5 + case when p.author::text like '%1' then 0 else 2 end) % 12;

insert into public.feedback (
  user_id, title, description, raw_description, category, company_name, website_url,
  sentiment, priority, actionable, tags, suggested_response, quality_score, quality_source,
  ai_processed_at, created_at)
select f.author, f.title, f.body, f.body, f.category, f.company_name, f.url,
       case f.category when 'bug' then 'negative' when 'other' then 'positive' else 'neutral' end,
       case f.category when 'bug' then 'high' when 'feature' then 'medium' else 'low' end,
       f.category <> 'other',
       case f.category
         when 'bug' then array['bug', 'reliability']
         when 'feature' then array['feature-request']
         when 'improvement' then array['ux', 'usability']
         else array['praise'] end,
       case f.category
         when 'bug' then 'Thanks for reporting this. We are reproducing it and will fix it as soon as possible.'
         when 'feature' then 'Thanks for the idea! We have added it to our roadmap discussion.'
         when 'improvement' then 'Thanks, this is a helpful suggestion for making the experience smoother.'
         else 'Thank you for the kind words, we passed them on to the team.' end,
       2 + (f.n % 4),
       'ai',
       -- The three newest of Robin's are left for the AI queue to process.
       case when f.author::text like '%2' and f.n >= 67 then null else f.created_at + interval '1 minute' end,
       f.created_at
  from seed_feedback f
 order by f.created_at, f.author;

-- The AI job stores each feedback's content terms (topic_candidates, #22);
-- the seeded history never went through it, so its terms come with it: a new
-- feedback then finds the demo history as topic candidates, as on a real
-- project. The rows below are generated from seed_texts.
-- seed_text_terms: generated by scripts/seed-terms.ts, do not edit
create temporary table seed_text_terms (category text, n int, term text) on commit drop;
insert into seed_text_terms values
  ('bug', 0, 'checkout'),
  ('bug', 0, 'safari'),
  ('bug', 0, '#pay'),
  ('bug', 0, 'spinner'),
  ('bug', 0, '~slow'),
  ('bug', 0, 'order'),
  ('bug', 0, 'never'),
  ('bug', 0, 'plac'),
  ('bug', 0, 'chrome'),
  ('bug', 0, 'fine'),
  ('bug', 1, '#search'),
  ('bug', 1, 'result'),
  ('bug', 1, 'flicker'),
  ('bug', 1, 'typ'),
  ('bug', 1, 'keystroke'),
  ('bug', 1, 'clear'),
  ('bug', 1, 'list'),
  ('bug', 1, 'redraw'),
  ('bug', 1, 'jump'),
  ('bug', 1, 'lose'),
  ('bug', 1, 'place'),
  ('bug', 2, '#image'),
  ('bug', 2, 'miss'),
  ('bug', 2, '~slow'),
  ('bug', 2, 'connection'),
  ('bug', 2, 'train'),
  ('bug', 2, 'product'),
  ('bug', 2, 'stay'),
  ('bug', 2, '#contrast'),
  ('bug', 2, 'placeholder'),
  ('bug', 2, 'finish'),
  ('bug', 2, 'load'),
  ('bug', 3, 'password'),
  ('bug', 3, '~reset'),
  ('bug', 3, 'email'),
  ('bug', 3, 'never'),
  ('bug', 3, 'arriv'),
  ('bug', 3, 'asked'),
  ('bug', 3, 'link'),
  ('bug', 3, 'three'),
  ('bug', 3, 'time'),
  ('bug', 3, 'inbox'),
  ('bug', 3, 'spam'),
  ('bug', 3, 'folder'),
  ('bug', 3, 'hour'),
  ('bug', 4, 'date'),
  ('bug', 4, 'picker'),
  ('bug', 4, 'start'),
  ('bug', 4, 'sunday'),
  ('bug', 4, 'calendar'),
  ('bug', 4, 'week'),
  ('bug', 4, 'although'),
  ('bug', 4, 'locale'),
  ('bug', 4, 'set'),
  ('bug', 4, 'portugal'),
  ('bug', 4, 'keep'),
  ('bug', 4, 'pick'),
  ('bug', 4, '~wrong'),
  ('bug', 4, 'day'),
  ('bug', 5, '#cart'),
  ('bug', 5, '~lost'),
  ('bug', 5, 'logg'),
  ('bug', 5, 'item'),
  ('bug', 5, 'added'),
  ('bug', 5, 'login'),
  ('bug', 5, 'once'),
  ('bug', 5, 'everyth'),
  ('feature', 0, 'darkmode'),
  ('feature', 0, 'read'),
  ('feature', 0, 'even'),
  ('feature', 0, 'hard'),
  ('feature', 0, 'eye'),
  ('feature', 0, 'follow'),
  ('feature', 0, 'system'),
  ('feature', 0, 'sett'),
  ('feature', 1, 'export'),
  ('feature', 1, 'data'),
  ('feature', 1, 'csv'),
  ('feature', 1, 'download'),
  ('feature', 1, 'order'),
  ('feature', 1, 'history'),
  ('feature', 1, 'spreadsheet'),
  ('feature', 1, 'own'),
  ('feature', 1, 'bookkeep'),
  ('feature', 2, 'keyboard'),
  ('feature', 2, 'shortcut'),
  ('feature', 2, 'power'),
  ('feature', 2, 'user'),
  ('feature', 2, '#search'),
  ('feature', 2, 'next'),
  ('feature', 2, 'previou'),
  ('feature', 2, 'item'),
  ('feature', 2, 'daily'),
  ('feature', 2, 'faster'),
  ('feature', 3, 'save'),
  ('feature', 3, 'filter'),
  ('feature', 3, 'preset'),
  ('feature', 3, 'apply'),
  ('feature', 3, 'same'),
  ('feature', 3, 'four'),
  ('feature', 3, 'morn'),
  ('feature', 3, 'sav'),
  ('feature', 3, 'them'),
  ('feature', 3, 'named'),
  ('feature', 4, 'twofactor'),
  ('feature', 4, 'authentication'),
  ('feature', 4, 'authenticator'),
  ('feature', 4, 'login'),
  ('feature', 4, 'account'),
  ('feature', 4, 'hold'),
  ('feature', 4, '#pay'),
  ('feature', 4, 'detail'),
  ('improvement', 0, 'pric'),
  ('improvement', 0, 'table'),
  ('improvement', 0, 'easier'),
  ('improvement', 0, 'compare'),
  ('improvement', 0, 'plan'),
  ('improvement', 0, 'separate'),
  ('improvement', 0, '#card'),
  ('improvement', 0, 'scroll'),
  ('improvement', 0, 'back'),
  ('improvement', 0, 'forth'),
  ('improvement', 0, 'single'),
  ('improvement', 0, 'comparison'),
  ('improvement', 0, 'help'),
  ('improvement', 1, '~small'),
  ('improvement', 1, 'target'),
  ('improvement', 1, '#mobile'),
  ('improvement', 1, '~closes'),
  ('improvement', 1, 'pop'),
  ('improvement', 1, 'ups'),
  ('improvement', 1, 'often'),
  ('improvement', 1, 'hit'),
  ('improvement', 1, 'link'),
  ('improvement', 1, 'next'),
  ('improvement', 1, 'them'),
  ('improvement', 2, 'clearer'),
  ('improvement', 2, '#card'),
  ('improvement', 2, '~rejected'),
  ('improvement', 2, 'form'),
  ('improvement', 2, 'someth'),
  ('improvement', 2, 'went'),
  ('improvement', 2, '~wrong'),
  ('improvement', 2, 'tell'),
  ('improvement', 2, 'avoid'),
  ('improvement', 2, 'retri'),
  ('improvement', 3, 'remember'),
  ('improvement', 3, '#language'),
  ('improvement', 3, 'choice'),
  ('improvement', 3, 'visit'),
  ('improvement', 3, 'start'),
  ('improvement', 3, 'english'),
  ('improvement', 3, 'though'),
  ('improvement', 3, 'chose'),
  ('improvement', 3, 'portuguese'),
  ('improvement', 3, 'last'),
  ('improvement', 4, '#delivery'),
  ('improvement', 4, 'date'),
  ('improvement', 4, 'checkout'),
  ('improvement', 4, 'learn'),
  ('improvement', 4, 'last'),
  ('improvement', 4, 'step'),
  ('improvement', 4, 'product'),
  ('improvement', 4, 'help'),
  ('improvement', 4, 'decide'),
  ('other', 0, 'love'),
  ('other', 0, 'onboard'),
  ('other', 0, 'three'),
  ('other', 0, 'step'),
  ('other', 0, 'welcome'),
  ('other', 0, 'tour'),
  ('other', 0, 'short'),
  ('other', 0, 'useful'),
  ('other', 0, 'thank'),
  ('other', 0, 'mak'),
  ('other', 0, 'ten'),
  ('other', 0, 'screen'),
  ('other', 0, 'long'),
  ('other', 1, 'support'),
  ('other', 1, 'answer'),
  ('other', 1, 'within'),
  ('other', 1, 'minut'),
  ('other', 1, 'want'),
  ('other', 1, 'say'),
  ('other', 1, 'chat'),
  ('other', 1, 'solv'),
  ('other', 1, 'quick'),
  ('other', 2, 'newsletter'),
  ('other', 2, 'come'),
  ('other', 2, '~toomuch'),
  ('other', 2, 'three'),
  ('other', 2, 'week'),
  ('other', 2, 'digest'),
  ('other', 2, 'enough');
-- end of seed_text_terms
insert into private.feedback_topic_terms (company_id, feedback_id, term, created_at)
select i.company_id, f.id, t.term, f.created_at
  from private.company_inbox i
  join public.feedback f on f.id = i.feedback_id
  join seed_texts st on st.title = f.title and st.body = f.raw_description
  join seed_text_terms t on t.category = st.category and t.n = st.n
 where not coalesce(f.is_spam, false)
on conflict do nothing;

-- ---------------------------------------------------------------- company work
-- The companies opened most of their feedback in the past (these views are
-- history; today's allowance is untouched), then moved some along.
insert into public.company_feedback_views (company_id, feedback_id, viewed_on, viewed_at)
select c.id, f.id, (f.created_at at time zone 'UTC')::date + 1, f.created_at + interval '1 day'
  from public.feedback f
  join public.companies c on c.domains && private.host_suffixes(f.website_host)
 where f.created_at < now() - interval '2 days'
   and (extract(epoch from f.created_at)::bigint % 10) < 8;

update public.feedback f set status = 'read'
 where exists (select 1 from public.company_feedback_views v where v.feedback_id = f.id);
update public.feedback f set status = 'in_progress'
 where f.status = 'read' and (extract(epoch from f.created_at)::bigint % 7) in (0, 1);
update public.feedback f set status = 'completed'
 where f.status = 'read' and (extract(epoch from f.created_at)::bigint % 7) in (2, 3);
update public.feedback f set status = 'completed'
 where f.status = 'in_progress' and (extract(epoch from f.created_at)::bigint % 3) = 0;
update public.feedback f set status = 'rejected'
 where f.status = 'read' and (extract(epoch from f.created_at)::bigint % 7) = 4;

-- Companies rate a few feedback they worked on.
update public.feedback f set quality_score = 5, quality_source = 'company'
 where f.status = 'completed' and (extract(epoch from f.created_at)::bigint % 2) = 0;

-- ---------------------------------------------------------------- votes
-- Each consumer upvotes (and sometimes downvotes) the other's feedback;
-- the companies vote on feedback about their own sites.
insert into public.feedback_votes (feedback_id, user_id, vote_type)
select f.id, '00000000-0000-4000-8000-000000000002',
       case when row_number() over (order by f.created_at) % 6 = 0 then 'downvote' else 'upvote' end
  from public.feedback f
 where f.user_id = '00000000-0000-4000-8000-000000000001' and f.status <> 'rejected'
   and (extract(epoch from f.created_at)::bigint % 5) = 0;

insert into public.feedback_votes (feedback_id, user_id, vote_type)
select f.id, '00000000-0000-4000-8000-000000000001', 'upvote'
  from public.feedback f
 where f.user_id = '00000000-0000-4000-8000-000000000002' and f.status <> 'rejected'
   and (extract(epoch from f.created_at)::bigint % 4) = 0;

insert into public.feedback_votes (feedback_id, user_id, vote_type)
select f.id, c.user_id, 'upvote'
  from public.feedback f
  join public.companies c on c.domains && private.host_suffixes(f.website_host)
 where f.status in ('completed', 'in_progress');

-- ---------------------------------------------------------------- topic proposals
-- #22: the AI job proposes topics for new feedback; the demo history was
-- never through it, so its copies of one text (similarity 1) are proposed
-- here: each text with five copies or more on a company's domains, e.g.
-- the eleven "Make the pricing table easier to compare" of Example Inc.
create temporary table seed_proposals on commit drop as
select gen_random_uuid() as id, i.company_id, array_agg(f.id order by f.created_at) as ids,
       max(f.created_at) as last_at
  from public.feedback f
  join private.company_inbox i on i.feedback_id = f.id
 group by i.company_id, f.title, f.raw_description
having count(*) >= 5;
insert into private.topic_proposals (id, company_id, created_at, updated_at)
select p.id, p.company_id, p.last_at, p.last_at from seed_proposals p;
insert into private.topic_proposal_members (company_id, feedback_id, proposal_id, score, added_at)
select p.company_id, m.id, p.id, 1, p.last_at from seed_proposals p cross join unnest(p.ids) as m(id);

-- ---------------------------------------------------------------- rewards
insert into public.rewards (title, description, category, type, access_level, popularity_score, created_at) values
  ('Peega sticker pack', 'Five die-cut vinyl stickers for your laptop.', 'Merch', 'physical', 0, 120, now() - interval '300 days'),
  ('Early-access newsletter', 'Product previews from companies you gave feedback to.', 'Learning', 'digital', 0, 80, now() - interval '280 days'),
  ('10% off at partner shops', 'A one-time discount code for our partner stores.', 'Shopping', 'discount', 1, 150, now() - interval '250 days'),
  ('Plant a tree', 'We plant a tree in your name with our reforestation partner.', 'Charity', 'donation', 1, 95, now() - interval '220 days'),
  ('1 month of a design tool', 'A month of a premium plan of a popular design tool.', 'Software', 'subscription', 2, 140, now() - interval '200 days'),
  ('Coffee voucher', 'A voucher for one specialty coffee at partner cafés.', 'Food & Drink', 'voucher', 2, 170, now() - interval '180 days'),
  ('Peega hoodie', 'An organic cotton hoodie with the Peega logo.', 'Merch', 'physical', 3, 110, now() - interval '150 days'),
  ('Online course of your choice', 'Any one course from our learning partner''s catalogue.', 'Learning', 'voucher', 3, 90, now() - interval '120 days'),
  ('€10 gift card', 'A gift card for a large online marketplace.', 'Gift Cards', 'voucher', 4, 200, now() - interval '90 days'),
  ('Beta tester badge on partner sites', 'Priority invitations to partner beta programmes.', 'Experiences', 'digital', 4, 60, now() - interval '60 days'),
  ('Product team video call', 'A 30-minute call with the product team of a partner company.', 'Experiences', 'experience', 5, 75, now() - interval '30 days'),
  ('€25 gift card', 'A gift card for a large online marketplace.', 'Gift Cards', 'voucher', 5, 190, now() - interval '10 days'),
  ('Donate €5 to open source', 'We donate €5 to an open-source project of your choice.', 'Charity', 'donation', 2, 85, now() - interval '5 days');

-- ---------------------------------------------------------------- blog
insert into public.blog_categories (name, slug, description) values
  ('Product Updates', 'product-updates', 'What is new in Peega.'),
  ('Guides', 'guides', 'How to give and use feedback well.'),
  ('UX Research', 'ux-research', 'What feedback teaches about product design.'),
  ('Company News', 'company-news', 'News about the Peega team.');

insert into public.blog_tags (name, slug) values
  ('Feedback', 'feedback'), ('UX', 'ux'), ('Bug Reports', 'bug-reports'),
  ('Product Management', 'product-management'), ('Browser Extension', 'browser-extension'),
  ('Gamification', 'gamification'), ('Accessibility', 'accessibility'), ('Startups', 'startups');

insert into public.blog_articles (title, slug, excerpt, content, meta_title, meta_description, published, published_at, author_id, created_at)
values
  ('How to write a bug report developers love', 'how-to-write-a-bug-report',
   'Steps, expected and actual results: a short guide to bug reports that get fixed.',
   '<h2>Start with what you did</h2><p>List the steps that led to the problem, one per line.</p><h2>Say what you expected</h2><p>Then describe what actually happened, and attach a screenshot.</p><ul><li>One problem per report</li><li>Include the page address</li></ul>',
   'How to write a bug report developers love', 'A practical guide to writing bug reports that get fixed quickly.',
   true, now() - interval '120 days', '00000000-0000-4000-8000-000000000005', now() - interval '121 days'),
  ('Introducing the Peega browser extension', 'introducing-the-peega-extension',
   'Send feedback about any website in two clicks, with a screenshot taken for you.',
   '<p>The Peega extension lives in your toolbar. Click it on any page, pick a category, write a sentence and send.</p><p>The screenshot is taken by your browser itself, so it is exactly what you see.</p>',
   '', '', true, now() - interval '90 days', '00000000-0000-4000-8000-000000000005', now() - interval '92 days'),
  ('Why small feedback matters', 'why-small-feedback-matters',
   'A confusing label or a tiny button costs more than you think.',
   '<p>Teams rarely hear about small annoyances: people just leave. Small feedback adds up to big improvements.</p><blockquote>Most users never complain; they churn.</blockquote>',
   'Why small feedback matters', 'Small annoyances make users leave quietly. Here is why reporting them helps.',
   true, now() - interval '60 days', '00000000-0000-4000-8000-000000000005', now() - interval '61 days'),
  ('Levels, badges and fair play', 'levels-badges-and-fair-play',
   'How XP works, and why only the first 20 feedback of a day earn points.',
   '<p>Every feedback earns 5 XP, plus 1 for a screenshot and 1 for audio. Your first one earns a 10 XP bonus.</p><p>To keep things fair, only 20 feedback per day earn XP.</p>',
   '', '', true, now() - interval '30 days', '00000000-0000-4000-8000-000000000005', now() - interval '31 days'),
  ('What companies see (and what they never see)', 'what-companies-see',
   'Companies read your feedback, never who you are.',
   '<p>Companies only see feedback about their own domains, and never your name, e-mail or account.</p><p>They may see whether you verified LinkedIn and your reputation score.</p>',
   'What companies see on Peega', 'Feedback is anonymous towards companies. Here is exactly what they see.',
   true, now() - interval '7 days', '00000000-0000-4000-8000-000000000005', now() - interval '8 days'),
  ('Roadmap: team accounts for companies', 'roadmap-team-accounts',
   'Draft: several team members per company account.',
   '<p>Draft notes on inviting team members to a company account.</p>',
   '', '', false, null, '00000000-0000-4000-8000-000000000005', now() - interval '2 days');

insert into public.blog_article_categories (article_id, category_id)
select a.id, c.id
  from public.blog_articles a
  join public.blog_categories c on (a.slug, c.slug) in (
    ('how-to-write-a-bug-report', 'guides'),
    ('introducing-the-peega-extension', 'product-updates'),
    ('why-small-feedback-matters', 'ux-research'),
    ('levels-badges-and-fair-play', 'product-updates'),
    ('levels-badges-and-fair-play', 'guides'),
    ('what-companies-see', 'company-news'),
    ('roadmap-team-accounts', 'product-updates'));

insert into public.blog_article_tags (article_id, tag_id)
select a.id, t.id
  from public.blog_articles a
  join public.blog_tags t on (a.slug, t.slug) in (
    ('how-to-write-a-bug-report', 'bug-reports'),
    ('how-to-write-a-bug-report', 'feedback'),
    ('introducing-the-peega-extension', 'browser-extension'),
    ('introducing-the-peega-extension', 'feedback'),
    ('why-small-feedback-matters', 'ux'),
    ('why-small-feedback-matters', 'product-management'),
    ('why-small-feedback-matters', 'accessibility'),
    ('why-small-feedback-matters', 'feedback'),
    ('levels-badges-and-fair-play', 'gamification'),
    ('what-companies-see', 'startups'),
    ('roadmap-team-accounts', 'product-management'));

-- Likes: both consumers on some articles, plus a few anonymous ones.
insert into public.blog_article_likes (article_id, user_id)
select a.id, u.id
  from public.blog_articles a
  cross join (values ('00000000-0000-4000-8000-000000000001'::uuid),
                     ('00000000-0000-4000-8000-000000000002'::uuid)) as u(id)
 where a.published and a.slug <> 'what-companies-see';

insert into public.blog_article_likes (article_id)
select a.id from public.blog_articles a cross join generate_series(1, 3)
 where a.published and a.slug in ('how-to-write-a-bug-report', 'why-small-feedback-matters');

-- ---------------------------------------------------------------- queues
-- Demo history is not news: no company e-mail for it. The three unprocessed
-- feedback stay queued for the AI step.
delete from private.company_notification_jobs;

-- ---------------------------------------------------------------- badges
-- The demo accounts' badges are history, not news: no celebration dialog.
update public.user_badges set celebrated_at = earned_at where celebrated_at is null;
