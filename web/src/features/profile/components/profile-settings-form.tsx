import { failureText } from '@shared/data/client';
import { useState, type FormEvent } from 'react';
import { toast } from '@web/lib/toast';
import type { Profile } from '@shared/data/profiles';
import {
  AGE_RANGES,
  DEVICE_OPTIONS,
  GENDER_OPTIONS,
  HOBBIES,
  JOB_TITLE_CHOICES,
  LANGUAGES,
  OTHER_JOB_TITLE,
  SENIORITY_LEVELS,
  TECH_KNOWLEDGE_DEFAULT,
  TECH_KNOWLEDGE_MAX,
  TECH_KNOWLEDGE_MIN,
  TECH_KNOWLEDGE_STEP,
  TOPICS,
  jobTitleFromStored,
} from '@shared/domain/profile-options';
import { profileFormSchema } from '@shared/domain/validation/profile';
import { useSaveProfile } from '@web/api/profiles/save-profile';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { InputField } from '@web/components/ui/field';
import { ChoiceChips } from './choice-chips';
import { CityField } from './city-field';
import { CompletionCard } from './completion-card';
import { LinkedinCard } from './linkedin-card';
import { SelectField } from './select-field';

interface FormState {
  age_range: string;
  city: string;
  languages: string[];
  devices: string[];
  gender: string;
  job_title: string;
  job_title_other: string;
  seniority: string;
  tech_knowledge: number;
  topics: string[];
  hobbies: string[];
}

function fromProfile(p: Profile): FormState {
  const job = jobTitleFromStored(p.job_title);
  return {
    age_range: p.age_range ?? '',
    city: p.city ?? '',
    languages: p.languages,
    devices: p.devices,
    gender: p.gender ?? '',
    job_title: job.choice ?? '',
    job_title_other: job.otherText,
    seniority: p.seniority ?? '',
    tech_knowledge: p.tech_knowledge ?? TECH_KNOWLEDGE_DEFAULT,
    topics: p.topics,
    hobbies: p.hobbies,
  };
}

/** The questionnaire (consumer spec §2 "/profile/settings", §3, §5, §8). */
export function ProfileSettingsForm({ profile }: { profile: Profile }) {
  const [form, setForm] = useState<FormState>(() => fromProfile(profile));
  const save = useSaveProfile(profile.id);
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = profileFormSchema.safeParse(form);
    if (!parsed.success) {
      toast.error('Error', {
        description: `Failed to save profile settings. ${parsed.error.issues[0]?.message ?? ''}`,
      });
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: ({ completion }) => {
        toast.success('Profile updated', {
          description: 'Your profile settings have been saved.',
        });
        if (completion?.xp_awarded) {
          toast.success('Profile complete!', {
            description: 'You earned 30 XP!',
          });
        }
      },
      onError: (err) =>
        toast.error('Error', {
          description: failureText(err, 'Failed to save profile settings.'),
        }),
    });
  };

  return (
    <form className="flex flex-col gap-6" onSubmit={onSubmit} noValidate>
      <CompletionCard profile={profile} />
      <LinkedinCard userId={profile.id} verified={profile.verified_linkedin} />

      <Card className="flex flex-col gap-5">
        <h2 className="text-lg font-semibold">General</h2>
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField
            label="Age Range"
            required
            options={AGE_RANGES}
            value={form.age_range}
            onChange={(v) => set('age_range', v)}
          />
          <SelectField
            label="Gender"
            required
            options={GENDER_OPTIONS}
            value={form.gender}
            onChange={(v) => set('gender', v)}
          />
        </div>
        <CityField value={form.city} onChange={(v) => set('city', v)} />
        <ChoiceChips
          label="Languages Spoken"
          required
          options={LANGUAGES}
          value={form.languages}
          onChange={(v) => set('languages', v)}
        />
        <ChoiceChips
          label="Devices Used"
          required
          options={DEVICE_OPTIONS}
          value={form.devices}
          onChange={(v) => set('devices', v)}
        />
      </Card>

      <Card className="flex flex-col gap-5">
        <h2 className="text-lg font-semibold">Job</h2>
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField
            label="Current Job Title"
            required
            options={JOB_TITLE_CHOICES}
            value={form.job_title}
            onChange={(v) => set('job_title', v)}
          />
          <SelectField
            label="Level of Seniority"
            required
            options={SENIORITY_LEVELS}
            value={form.seniority}
            onChange={(v) => set('seniority', v)}
          />
        </div>
        {form.job_title === OTHER_JOB_TITLE && (
          <InputField
            label="Your job title"
            required
            maxLength={100}
            value={form.job_title_other}
            onChange={(e) => set('job_title_other', e.target.value)}
          />
        )}
        <div className="flex flex-col gap-1.5">
          <label
            htmlFor="tech-knowledge"
            className="text-sm font-medium text-ink"
          >
            Technological Knowledge
            <span aria-hidden="true" className="text-red-600">
              {' '}
              *
            </span>
          </label>
          <div className="flex items-center gap-4">
            <input
              id="tech-knowledge"
              type="range"
              min={TECH_KNOWLEDGE_MIN}
              max={TECH_KNOWLEDGE_MAX}
              step={TECH_KNOWLEDGE_STEP}
              value={form.tech_knowledge}
              onChange={(e) => set('tech_knowledge', Number(e.target.value))}
              className="w-full accent-brand-600"
            />
            <output
              htmlFor="tech-knowledge"
              className="w-12 text-right text-sm font-semibold"
            >
              {form.tech_knowledge}/{TECH_KNOWLEDGE_MAX}
            </output>
          </div>
        </div>
      </Card>

      <Card className="flex flex-col gap-5">
        <h2 className="text-lg font-semibold">Interests</h2>
        <ChoiceChips
          label="Topics"
          required
          options={TOPICS}
          value={form.topics}
          onChange={(v) => set('topics', v)}
        />
        <ChoiceChips
          label="Hobbies"
          required
          options={HOBBIES}
          value={form.hobbies}
          onChange={(v) => set('hobbies', v)}
        />
      </Card>

      <div className="flex justify-end">
        <Button type="submit" size="lg" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Profile'}
        </Button>
      </div>
    </form>
  );
}
