import type { ProfileForm } from '../domain/validation/profile.ts';
import { unwrap, type Client, type RpcRows, type Tables } from './client.ts';

export type Profile = Tables<'profiles'>;
export type ProfileCompletion = RpcRows<'check_profile_completion'>[number];

/** The signed-in user's own profile row, or null before it exists. */
export async function getProfile(
  client: Client,
  userId: string,
): Promise<Profile | null> {
  return unwrap(
    await client.from('profiles').select('*').eq('id', userId).maybeSingle(),
  );
}

/**
 * Saves the questionnaire. The row exists from sign-up (a trigger creates
 * it), so this is an update of the caller's row rather than the spec's
 * upsert; the database refuses values outside the option lists and stamps
 * completion itself.
 */
export async function saveProfile(
  client: Client,
  userId: string,
  profile: ProfileForm,
): Promise<Profile> {
  return unwrap(
    await client
      .from('profiles')
      .update({
        age_range: profile.age_range,
        city: profile.city,
        languages: profile.languages,
        devices: profile.devices,
        gender: profile.gender,
        job_title: profile.job_title,
        seniority: profile.seniority,
        tech_knowledge: profile.tech_knowledge,
        topics: profile.topics,
        hobbies: profile.hobbies,
      })
      .eq('id', userId)
      .select('*')
      .single(),
  );
}

/**
 * The server's verdict on the caller's profile per section; awards the
 * +30 XP when complete and not yet awarded (`xp_awarded` says whether this
 * call did).
 */
export async function checkProfileCompletion(
  client: Client,
): Promise<ProfileCompletion | null> {
  const rows = unwrap(await client.rpc('check_profile_completion'));
  return rows?.[0] ?? null;
}

/** Changes the nickname shown on the leaderboard (2–30 characters). */
export async function updateNickname(
  client: Client,
  userId: string,
  nickname: string,
): Promise<Profile> {
  return unwrap(
    await client
      .from('profiles')
      .update({ nickname: nickname.trim() })
      .eq('id', userId)
      .select('*')
      .single(),
  );
}

/**
 * The author's choice to get an e-mail when a company writes to them about
 * their feedback (#21; off by default). Only the owner reads or writes it.
 */
export async function setCompanyMessageEmails(
  client: Client,
  userId: string,
  on: boolean,
): Promise<Profile> {
  return unwrap(
    await client
      .from('profiles')
      .update({ email_on_company_message: on })
      .eq('id', userId)
      .select('*')
      .single(),
  );
}

/** The author's e-mail choices other than company messages (#22, #35). */
export type EmailPreference =
  'email_on_topic_completed' | 'email_on_owner_joined';

/**
 * Turns one of them on or off: when something the user reported is
 * completed (#22), when the owner of a site they reported joins (#35).
 */
export async function setEmailPreference(
  client: Client,
  userId: string,
  preference: EmailPreference,
  on: boolean,
): Promise<Profile> {
  return unwrap(
    await client
      .from('profiles')
      .update(
        preference === 'email_on_owner_joined'
          ? { email_on_owner_joined: on }
          : { email_on_topic_completed: on },
      )
      .eq('id', userId)
      .select('*')
      .single(),
  );
}
