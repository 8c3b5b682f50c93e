import { expect, test } from '@playwright/test';
import { shoot, signedInClient, withSession } from './support.ts';

// Issue #21, triage from the keyboard and in bulk. The whole conversation
// loop (invitation, question, live notification and e-mail, answer and XP,
// triage, live status) is one journey in company-loop.spec.ts. Screens at
// desktop and phone width go to PEEGA_SHOTS_DIR (support.ts's shoot).

test('triage from the keyboard: move, select several, change their status in one action, assign', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const author = await signedInClient('consumer@example.com');
  const member = await signedInClient('company@example.com');
  await member.rpc('reset_daily_feedback_views', {});
  const titles = ['Bulk one', 'Bulk two'].map(
    (t) => `${t} ${Math.random().toString(36).slice(2, 7)}`,
  );
  const ids: string[] = [];
  for (const title of titles.toReversed()) {
    const { data, error } = await author
      .from('feedback')
      .insert({
        title,
        description: 'Selected with the keyboard.',
        category: 'improvement',
        company_name: 'Example Inc.',
        website_url: 'https://example.com/bulk',
      })
      .select('id')
      .single();
    if (error) throw error;
    ids.push(data.id);
    // Opened once (pending → read), as the list's bulk moves need.
    await member.rpc('record_feedback_view', { feedback_uuid: data.id });
  }

  const ctx = await browser.newContext({
    viewport: { width: 1366, height: 900 },
  });
  await withSession(ctx, 'company@example.com');
  const page = await ctx.newPage();
  // Sort and filters live in the URL.
  await page.goto('/company-dashboard?sort=votes&assignee=none');
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue(
    'votes',
  );
  await expect(page.getByRole('combobox', { name: 'Assignee' })).toHaveValue(
    'none',
  );
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption('');
  await expect(page).toHaveURL(/assignee=none/);
  await expect(page).not.toHaveURL(/sort=/);
  await expect(page.getByTestId('company-feedback-item').first()).toContainText(
    titles[0]!,
  );

  await page.locator('body').click({ position: { x: 5, y: 300 } });
  await page.keyboard.press('j');
  await page.keyboard.press('x');
  await page.keyboard.press('j');
  await page.keyboard.press('x');
  const bar = page.getByRole('region', { name: 'Selected feedback' });
  await expect(bar).toContainText('2 selected');
  await shoot(page, 'triage-1-bulk-selected');
  await bar.getByRole('button', { name: 'Completed' }).click();
  await expect(
    page.getByText('2 of 2 feedback moved to Completed'),
  ).toBeVisible();
  const { data: moved } = await author
    .from('feedback')
    .select('status')
    .in('id', ids);
  expect(moved?.map((r) => r.status)).toEqual(['completed', 'completed']);
  const { data: notes } = await author
    .from('notifications')
    .select('feedback_id')
    .eq('new_status', 'completed')
    .in('feedback_id', ids);
  expect(notes).toHaveLength(2);

  // The bar is gone with its button: j focuses the list again; Enter opens
  // the row, a goes to the assignee, s to the status buttons.
  await page.keyboard.press('j');
  await page.keyboard.press('Enter');
  const detail = page.getByRole('dialog');
  await expect(detail.getByText(titles[0]!)).toBeVisible();
  await expect(
    detail.getByRole('combobox', { name: 'Assignee' }),
  ).toBeVisible();
  await page.keyboard.press('a');
  await expect(
    detail.getByRole('combobox', { name: 'Assignee' }),
  ).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByText('Assignee saved').first()).toBeVisible();
  // Out of the select (letters pick options there), then s.
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('s');
  await expect(
    detail
      .getByRole('group', { name: 'Change status' })
      .getByRole('button')
      .first(),
  ).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(
    detail
      .getByRole('group', { name: 'Change status' })
      .getByRole('button', { name: 'In Progress' }),
  ).toHaveAttribute('aria-pressed', 'true');
  await shoot(page, 'triage-2-keyboard-detail');

  // The inbox filtered by that member (any member, by e-mail), in the URL.
  const triageAssignee = detail.getByRole('combobox', { name: 'Assignee' });
  const assigned = await triageAssignee.inputValue();
  expect(assigned).toMatch(/^[0-9a-f-]{36}$/);
  const assignedEmail = (
    await triageAssignee.locator('option:checked').textContent()
  )?.trim();
  await page.keyboard.press('Escape');
  await expect(detail).toHaveCount(0);
  const filter = page.getByRole('combobox', { name: 'Assignee' });
  await expect(filter.locator(`option[value="${assigned}"]`)).toContainText(
    assignedEmail!,
  );
  await filter.selectOption(assigned);
  await expect(page).toHaveURL(new RegExp(`assignee=${assigned}`));
  const rows = page.getByTestId('company-feedback-item');
  await expect(rows.filter({ hasText: titles[0]! })).toHaveCount(1);
  await expect(rows.filter({ hasText: titles[1]! })).toHaveCount(0);
  await page.reload();
  await expect(filter).toHaveValue(assigned);
  await expect(rows.filter({ hasText: titles[0]! })).toHaveCount(1);
  await shoot(page, 'triage-3-member-filter');
  // Unassigned again, it leaves the member's list.
  await member.rpc('set_feedback_assignee', {
    p_feedback_id: ids[ids.length - 1]!,
    p_assignee: null as unknown as string,
  });
  await page.reload();
  await expect(rows.filter({ hasText: titles[0]! })).toHaveCount(0);
  await ctx.close();
});

test('a bulk move says which feedback it skipped and why, and keeps them selected (#40 item 6)', async ({
  browser,
}) => {
  const author = await signedInClient('consumer@example.com');
  const member = await signedInClient('company@example.com');
  await member.rpc('reset_daily_feedback_views', {});
  const suffix = Math.random().toString(36).slice(2, 7);
  const [opened, unopened] = [`Opened ${suffix}`, `Unopened ${suffix}`];
  for (const title of [unopened, opened]) {
    const { data, error } = await author
      .from('feedback')
      .insert({
        title,
        description: 'One of two moved in bulk.',
        category: 'bug',
        company_name: 'Example Inc.',
        website_url: 'https://example.com/skip',
      })
      .select('id')
      .single();
    if (error) throw error;
    // Only the first is opened (pending → read); the other stays pending.
    if (title === opened)
      await member.rpc('record_feedback_view', { feedback_uuid: data.id });
  }
  const ctx = await browser.newContext({
    viewport: { width: 1366, height: 900 },
  });
  await withSession(ctx, 'company@example.com');
  const page = await ctx.newPage();
  await page.goto('/company-dashboard');
  await page.getByRole('checkbox', { name: `Select “${opened}”` }).check();
  await page.getByRole('checkbox', { name: `Select “${unopened}”` }).check();
  const bar = page.getByRole('region', { name: 'Selected feedback' });
  await bar.getByRole('button', { name: 'Completed' }).click();
  await expect(
    page.getByText('1 of 2 feedback moved to Completed'),
  ).toBeVisible();
  await expect(
    page.getByText(
      'Not moved: 1 is still pending: open it first. It stays selected.',
    ),
  ).toBeVisible();
  // The skipped one is still marked, the moved one is not.
  await expect(bar).toContainText('1 selected');
  await expect(
    page.getByRole('checkbox', { name: `Select “${unopened}”` }),
  ).toBeChecked();
  await expect(
    page.getByRole('checkbox', { name: `Select “${opened}”` }),
  ).not.toBeChecked();
  await shoot(page, 'triage-3-bulk-skipped');
  await ctx.close();
});
