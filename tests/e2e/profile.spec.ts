/**
 * /dashboard/profile in Chromium and over HTTP (product §2 Profile, §5 avatar, §8 Profile and
 * Password change; product decisions): view and edit modes with Cancel and Save, the avatar
 * re-encoded to WebP without metadata, notification preferences saved, the reset e-mail banner,
 * change password with the current one checked and other sessions signed out, Logout All
 * Devices, and the real last sign-in time.
 */
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import {
  baseURL,
  createVerifiedUser,
  landing,
  PASSWORD,
  postForm,
  sessionCookie,
  signIn,
  uniqueIp,
  waitForMail,
} from '../support/accounts';

async function signedInPage(page: Page, cookie: string) {
  const [name, value] = cookie.split(/=(.*)/s) as [string, string];
  await page.context().addCookies([{ name, value, url: baseURL }]);
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': uniqueIp() });
}

test('basic info, investment profile and notification preferences: edit, cancel, save, and they stay saved', async ({ page }) => {
  const user = await createVerifiedUser({ investor: true }, 'profile');
  await signedInPage(page, user.cookie);
  await page.goto('/dashboard/profile');
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  await expect(page.getByRole('main').getByText('Investor', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Borrower Preferences' })).toHaveCount(0);

  // Cancel leaves everything as it was.
  await page.getByRole('button', { name: 'Edit basic information' }).click();
  await page.getByLabel('Title').fill('Should not be saved');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Should not be saved')).toHaveCount(0);

  await page.getByRole('button', { name: 'Edit basic information' }).click();
  const email = page.getByLabel('Email', { exact: true });
  await expect(email).toBeDisabled();
  await expect(page.getByText('Email address cannot be changed')).toBeVisible();
  await page.getByLabel('Full name').fill('');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Full name is required')).toBeVisible();
  await page.getByLabel('Full name').fill('Riley Investor');
  await page.getByLabel('Title').fill('Principal');
  await page.getByLabel('Company name').fill('Riley Family Office');
  await page.getByLabel(/Phone/).fill('(702) 555-0123');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Profile updated successfully!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit basic information' })).toBeVisible();

  await page.getByRole('button', { name: 'Edit investment profile' }).click();
  await page.getByLabel('Net worth').selectOption('1m-5m');
  await page.getByLabel('Investment experience').selectOption('Expert');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Edit investment profile' })).toBeVisible();

  await page.getByLabel('Marketing e-mails').check();
  await page.getByLabel('Email notifications').uncheck();
  await page.getByRole('button', { name: 'Save preferences' }).click();
  await expect(page.getByText('Notification preferences saved')).toBeVisible();

  await page.reload();
  for (const text of [
    'Riley Investor',
    'Principal',
    'Riley Family Office',
    '(702) 555-0123',
    '$1 million – $5 million',
    'Expert',
  ])
    await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
  await expect(page.getByLabel('Marketing e-mails')).toBeChecked();
  await expect(page.getByLabel('Email notifications')).not.toBeChecked();
  await expect(page.getByLabel('SMS notifications')).not.toBeChecked();
  // The real last sign-in time, not a placeholder.
  const year = String(new Date().getFullYear());
  await expect(page.getByText('Last Login').locator('..')).toContainText(year);
});

test('the avatar: png, jpeg or webp by content, under 2 MB, re-encoded to WebP without metadata', async ({ page }) => {
  const user = await createVerifiedUser({ borrower: true }, 'avatar');
  await signedInPage(page, user.cookie);
  await page.goto('/dashboard/profile');
  const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#b8862f' } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'secret-location-42' } })
    .toBuffer();
  expect(jpeg.includes('secret-location-42')).toBe(true);
  await page.getByLabel('Profile photo').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: jpeg });
  await expect(page.getByText('Profile photo updated')).toBeVisible();
  const img = page.getByRole('img', { name: 'Test User' });
  await expect(img).toBeVisible();
  const src = (await img.getAttribute('src'))!;
  expect(src).toMatch(/^\/avatars\/[\w-]+\/[0-9a-f]{24}\.webp$/);
  const served = await fetch(`${baseURL}${src}`);
  expect(served.headers.get('content-type')).toBe('image/webp');
  const bytes = Buffer.from(await served.arrayBuffer());
  expect(bytes.subarray(8, 12).toString()).toBe('WEBP');
  expect(bytes.includes('secret-location-42')).toBe(false);
  expect(bytes.includes('EXIF')).toBe(false);
  const meta = await sharp(bytes).metadata();
  expect([meta.width, meta.height]).toEqual([512, 512]);

  // Refused: not an image by content (though named .png), and over 2 MB.
  const post = (file: Blob, name: string) => {
    const body = new FormData();
    body.set('intent', 'avatar');
    body.set('avatar', file, name);
    return fetch(`${baseURL}/dashboard/profile`, {
      method: 'POST',
      headers: { Origin: baseURL, Cookie: user.cookie },
      body,
    });
  };
  const fake = await post(new Blob(['<html><script>alert(1)</script></html>'], { type: 'image/png' }), 'evil.png');
  expect(fake.status).toBe(415);
  expect(await fake.text()).toContain('Please upload an image file.');
  const big = await post(new Blob([new Uint8Array(2 * 1024 * 1024 + 1)], { type: 'image/png' }), 'big.png');
  expect(big.status).toBe(413);
  expect(await big.text()).toContain('The image must be under 2MB.');
  // The photo is unchanged.
  await page.reload();
  await expect(page.getByRole('img', { name: 'Test User' })).toHaveAttribute('src', src);
});

test('change password: current one checked, sign-up rule and mismatch texts, other sessions signed out', async ({ page }) => {
  const user = await createVerifiedUser({ borrower: true }, 'change');
  const other = sessionCookie(await signIn(user.email, PASSWORD));
  expect(await landing('/dashboard/loans', other)).toBe('200');
  await signedInPage(page, user.cookie);
  await page.goto('/dashboard/profile');
  const update = page.getByRole('button', { name: 'Update Password' });
  await expect(update).toBeDisabled();
  await page.getByLabel('Current Password').fill('Wr0ng!Password');
  await page.getByLabel('New Password', { exact: true }).fill('N3w!Passw0rd-x');
  await page.getByLabel('Confirm New Password').fill('N3w!Passw0rd-y');
  await update.click();
  await expect(page.getByText('New passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm New Password').fill('N3w!Passw0rd-x');
  await update.click();
  await expect(page.getByText('Current password is incorrect').first()).toBeVisible();
  await page.getByLabel('Current Password').fill(PASSWORD);
  await page.getByLabel('New Password', { exact: true }).fill('weakpass');
  await page.getByLabel('Confirm New Password').fill('weakpass');
  await update.click();
  await expect(page.getByText(/Password must be at least 8 characters and include/)).toBeVisible();
  await page.getByLabel('Current Password').fill(PASSWORD);
  await page.getByLabel('New Password', { exact: true }).fill('N3w!Passw0rd-x');
  await page.getByLabel('Confirm New Password').fill('N3w!Passw0rd-x');
  await update.click();
  // Said on the page as well as in the toast (issue "Solid ground" 6).
  await expect(page.getByRole('status').filter({ hasText: 'Password updated successfully' })).toBeVisible();
  await expect(page.getByLabel('Current Password')).toHaveValue('');

  // This browser stays signed in; the other session is gone; the old password fails.
  await page.goto('/dashboard/loans');
  await expect(page).toHaveURL(/\/dashboard\/loans$/);
  expect(await landing('/dashboard/loans', other)).toBe('/login?redirectTo=%2Fdashboard%2Floans');
  expect((await signIn(user.email, PASSWORD)).status).toBe(401);
  expect((await signIn(user.email, 'N3w!Passw0rd-x')).status).toBe(302);

  // Straight to better-auth, a weak new password is refused too.
  const weak = await fetch(`${baseURL}/api/auth/change-password`, {
    method: 'POST',
    headers: {
      Origin: baseURL,
      'Content-Type': 'application/json',
      Cookie: (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; '),
    },
    body: JSON.stringify({ currentPassword: 'N3w!Passw0rd-x', newPassword: 'weakpassword' }),
  });
  expect(weak.status).toBe(400);
});

test('reset e-mail banner, and Logout All Devices signs out every session, this one included', async ({ page }) => {
  const user = await createVerifiedUser({ investor: true }, 'logout-all');
  const other = sessionCookie(await signIn(user.email, PASSWORD));
  await signedInPage(page, user.cookie);
  await page.goto('/dashboard/profile');
  await page.getByRole('button', { name: 'Send reset email' }).click();
  await expect(page.getByText('Password reset email sent. Check your inbox for instructions.')).toBeVisible();
  await waitForMail(user.email, 'Reset your password');

  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Logout All Devices' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await landing('/dashboard/investments', other)).toMatch(/^\/login/);
  expect(await landing('/dashboard/investments', user.cookie)).toMatch(/^\/login/);
});

test('profile actions check the session and the role: anonymous and wrong-role requests change nothing', async () => {
  const anonymous = await postForm('/dashboard/profile', { intent: 'basic', name: 'Hacker' });
  expect(anonymous.status).toBe(302);
  expect(anonymous.headers.get('location')).toMatch(/^\/login\?redirectTo=/);
  const investor = await createVerifiedUser({ investor: true }, 'role-check');
  // An investor cannot write borrower preferences.
  const res = await postForm('/dashboard/profile', { intent: 'borrower', loanType: 'bridge' }, { cookie: investor.cookie });
  expect(res.status).toBe(403);
});

test('borrower preferences: the sign-up answers show in words, and the same questions edit them', async ({ page }) => {
  const user = await createVerifiedUser({ borrower: true }, 'prefs');
  await signedInPage(page, user.cookie);
  await page.goto('/dashboard/profile');
  await expect(page.getByRole('heading', { name: 'Investment Profile' })).toHaveCount(0);
  const card = page.locator('section', { has: page.getByRole('heading', { name: 'Borrower Preferences' }) });
  await expect(card).toContainText('Bridge');
  await card.getByRole('button', { name: 'Edit borrower preferences' }).click();
  await expect(card.getByLabel('Loan type')).toHaveValue('bridge');
  await card.getByLabel('Loan type').selectOption('Fix & Flip');
  await card.getByLabel('Loan amount range').selectOption('500k-1m');
  await card.getByRole('checkbox', { name: 'Multi-Family' }).check();
  await card.getByRole('checkbox', { name: 'Land Development' }).check();
  await card.getByRole('radio', { name: 'Yes' }).check();
  await card.getByLabel('Property address').fill('200 S Virginia St, Reno, NV');
  await card.getByLabel('Desired loan amount (USD)').fill('750000');
  await card.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Profile updated successfully!')).toBeVisible();
  await page.reload();
  await expect(card).toContainText('Fix & Flip');
  await expect(card).toContainText('$500,000 – $1 million');
  await expect(card).toContainText('Multi-Family, Land Development');
  await expect(card).toContainText('200 S Virginia St, Reno, NV');
  await expect(card).toContainText('$750,000');
});
