import { expect, type Page } from '@playwright/test';

/** /profile/settings: the questionnaire and the verification card. */
export class ProfileSettingsPage {
  constructor(private readonly page: Page) {}

  goto() {
    return this.page.goto('/profile/settings');
  }

  select(label: string) {
    return this.page.getByLabel(label, { exact: false }).first();
  }

  chip(group: string, name: string) {
    return this.page
      .getByRole('group', { name: new RegExp(`^${group}`) })
      .getByRole('button', { name, exact: true });
  }

  city() {
    return this.page.getByRole('combobox', { name: /City/ });
  }

  save() {
    return this.page.getByRole('button', {
      name: /^(Save Profile|Saving\.\.\.)$/,
    });
  }

  completion() {
    return this.page.getByTestId('completion-card');
  }

  connectLinkedin() {
    return this.page.getByRole('button', { name: 'Connect LinkedIn' });
  }

  /** Fills every required field; the job title through Other + free text. */
  async fillComplete() {
    await this.page.getByLabel('Age Range').selectOption('25-29');
    await this.page.getByLabel('Gender').selectOption('female');
    await this.city().fill('ber');
    await this.page.getByRole('option', { name: /^Berlin, Germany/ }).click();
    await expect(this.city()).toHaveValue('Berlin, Germany');
    await this.chip('Languages Spoken', 'English').click();
    await this.chip('Devices Used', 'Desktop').click();
    await this.page.getByLabel('Current Job Title').selectOption('Other');
    await this.page.getByLabel('Your job title').fill('Chief Tinkerer');
    await this.page.getByLabel('Level of Seniority').selectOption('Senior');
    await this.chip('Topics', 'Technology').click();
    await this.chip('Hobbies', 'Reading').click();
  }
}
