import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { e2eBaseUrl, launchBrowser, pageReady, screenshot, signInThroughForm } from './browser';

const baseUrl = e2eBaseUrl();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function freshPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 800 } });
  return { context, page: await context.newPage() };
}

/** Signs in and switches the console to `language` (stored locally, applied on the next load). */
async function signInAs(page: Page, email: string, language: 'en' | 'ar') {
  await signInThroughForm(page, baseUrl, email);
  await page.evaluate((lang) => localStorage.setItem('language', lang), language);
}

interface Platform {
  id: number;
  identifier: 'IRA' | 'ISA';
}

/** Calls the API with the page's session, as the console does (the CSRF header included). */
async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(`/api${path}`, {
        method,
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          'X-Requested-With': 'XMLHttpRequest',
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return response.json();
    },
    { method, path, body },
  ) as Promise<T>;
}

/** Picks `option` in the MUI select labelled `label`. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).waitFor();

describe('settings screens from schemas', () => {
  it('lets the admin add, edit and delete a skill in Arabic', async () => {
    const { context, page } = await freshPage();
    await signInAs(page, 'admin@example.com', 'ar');
    await page.goto(`${baseUrl}/settings/exams/skills`);
    await page.getByRole('heading', { name: 'المهارات', level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    // The first platform is selected on arrival.
    const ira = page.getByTestId('platform-selector').getByRole('button', { name: 'التقييم الدولي للقراءة' });
    await expect.poll(() => ira.getAttribute('aria-pressed')).toBe('true');

    await page.getByRole('link', { name: 'إضافة' }).click();
    await page.waitForURL(`${baseUrl}/settings/exams/skills/create`);
    const save = page.getByRole('button', { name: 'حفظ' });
    expect(await save.isDisabled()).toBe(true);
    await page.locator('input[name="name_en"]').fill('Reading');
    await page.locator('input[name="name_ar"]').fill('مهارة التجربة الآلية');
    await expect.poll(() => save.isEnabled()).toBe(true);
    await screenshot(page, 'skill-create-ar');
    await save.click();
    await toast(page, 'تم إنشاء المهارة بنجاح');
    await page.waitForURL(`${baseUrl}/settings/exams/skills`);
    const row = page.getByRole('row', { name: /مهارة التجربة الآلية/ });
    await row.waitFor();
    await screenshot(page, 'skills-ar');

    await row.getByRole('link', { name: 'تعديل' }).click();
    await page.waitForURL(/\/settings\/exams\/skills\/\d+$/);
    const nameAr = page.locator('input[name="name_ar"]');
    await expect.poll(() => nameAr.inputValue()).toBe('مهارة التجربة الآلية');
    await nameAr.fill('مهارة التجربة المعدلة');
    await page.getByRole('button', { name: 'حفظ' }).click();
    await toast(page, 'تم تحديث المهارة بنجاح');
    await page.getByRole('row', { name: /مهارة التجربة المعدلة/ }).waitFor();

    await page
      .getByRole('row', { name: /مهارة التجربة المعدلة/ })
      .getByRole('button', { name: 'حذف' })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('هل تريد بالتأكيد حذف «مهارة التجربة المعدلة»؟', { exact: false }).waitFor();
    await pageReady(page);
    await screenshot(page, 'skill-delete-ar');
    await dialog.getByRole('button', { name: 'تأكيد' }).click();
    await toast(page, 'تم حذف المهارة بنجاح');
    // Other e2e files add skills to the same platform: check that this one is gone, not that the list is empty.
    await expect.poll(() => page.getByRole('row', { name: /مهارة التجربة/ }).count()).toBe(0);
    await context.close();
  });

  it('adds learning outcomes with a grade on IRA and a level on ISA', async () => {
    const { context, page } = await freshPage();
    await signInAs(page, 'admin@example.com', 'ar');
    const { data: platforms } = await api<{ data: Platform[] }>(page, 'GET', '/platforms');
    const ira = platforms.find((p) => p.identifier === 'IRA')!;
    const isa = platforms.find((p) => p.identifier === 'ISA')!;
    // The demo data's skills, grades and levels are there to pick.
    expect(ira && isa).toBeTruthy();

    await page.goto(`${baseUrl}/settings/questions/learning-outcomes`);
    await page.getByRole('heading', { name: 'نواتج التعلم', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'إضافة' }).click();
    await page.locator('input[name="name_en"]').fill('Writes a short paragraph');
    await page.locator('input[name="name_ar"]').fill('يكتب فقرة قصيرة');
    await choose(page, 'المهارة', 'الكتابة');
    await choose(page, 'الصف', 'الصف الثالث');
    expect(await page.getByRole('combobox', { name: 'المستوى' }).count()).toBe(0);
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await pageReady(page);
    await screenshot(page, 'learning-outcome-ira-ar');
    await page.getByRole('button', { name: 'حفظ' }).click();
    await toast(page, 'تم إنشاء ناتج التعلم بنجاح');
    // The demo's sixteen outcomes fill the first page: find the new one by searching.
    await page.locator('input[name="search"]').fill('يكتب فقرة');
    await page
      .getByRole('row', { name: /يكتب فقرة قصيرة/ })
      .getByText('الصف الثالث')
      .waitFor();

    await page.getByTestId('platform-selector').getByRole('button', { name: 'تقييم المعايير الدولية' }).click();
    // Other e2e files may have added ISA outcomes: the IRA one must simply be gone from this list.
    await expect.poll(() => page.getByRole('row', { name: /يكتب فقرة قصيرة/ }).count()).toBe(0);
    await page.getByRole('link', { name: 'إضافة' }).click();
    await page.locator('input[name="name_en"]').fill('Speaks clearly');
    await page.locator('input[name="name_ar"]').fill('يتحدث بوضوح');
    await choose(page, 'المهارة', 'التحدث');
    await choose(page, 'المستوى', 'المستوى الأول (مبتدئ)');
    expect(await page.getByRole('combobox', { name: 'الصف' }).count()).toBe(0);
    await page.getByRole('button', { name: 'حفظ' }).click();
    await toast(page, 'تم إنشاء ناتج التعلم بنجاح');
    await page.locator('input[name="search"]').fill('يتحدث بوضوح');
    await page
      .getByRole('row', { name: /يتحدث بوضوح/ })
      .getByText('المستوى الأول (مبتدئ)')
      .waitFor();
    await pageReady(page);
    await screenshot(page, 'learning-outcomes-isa-ar');
    // The selection survives a reload (session storage, per language).
    await page.reload();
    const selected = page.getByTestId('platform-selector').getByRole('button', { name: 'تقييم المعايير الدولية' });
    await expect.poll(() => selected.getAttribute('aria-pressed')).toBe('true');
    await context.close();
  });

  it('edits a school with its classes, whose grade dropdown names each platform', async () => {
    const { context, page } = await freshPage();
    await signInAs(page, 'admin@example.com', 'ar');
    await page.goto(`${baseUrl}/settings/schools`);
    await page.getByRole('heading', { name: 'المدارس', level: 1 }).waitFor();
    await page
      .getByRole('row', { name: /مدرسة النور الابتدائية/ })
      .getByRole('link', { name: 'تعديل' })
      .click();
    await page.getByRole('heading', { name: 'تعديل مدرسة', level: 1 }).waitFor();
    const classes = page.getByTestId('children-school-classes');
    await classes.getByText('الشعبة أ').waitFor();

    await classes.getByRole('button', { name: 'إضافة' }).click();
    const dialog = page.getByRole('dialog', { name: 'إضافة شعبة' });
    await dialog.locator('input[name="name_en"]').fill('Class C');
    await dialog.locator('input[name="name_ar"]').fill('الشعبة ج');
    await choose(page, 'الصف', 'الصف الخامس (التقييم الدولي للقراءة)');
    await dialog.getByRole('button', { name: 'حفظ' }).click();
    await toast(page, 'تم إنشاء الشعبة بنجاح');
    await classes
      .getByRole('row', { name: /الشعبة ج/ })
      .getByText('الصف الخامس')
      .waitFor();
    await pageReady(page);
    await screenshot(page, 'school-classes-ar');
    await context.close();
  });

  it('manages a user in Arabic: create with a role, refuse a taken email, add a role, set a password, delete', async () => {
    const { context, page } = await freshPage();
    await signInAs(page, 'admin@example.com', 'ar');
    await page.goto(`${baseUrl}/settings/users`);
    await page.getByRole('heading', { name: 'إدارة المستخدمين', level: 1 }).waitFor();
    await page
      .getByRole('row', { name: /author@example.com/ })
      .getByText('معدّ الاختبارات')
      .waitFor();

    await page.getByRole('link', { name: 'إضافة' }).click();
    await page.locator('input[name="name"]').fill('Sara Corrector');
    await page.locator('input[name="email"]').fill('AUTHOR@example.com');
    await page.locator('input[name="password"]').fill('Secret@2026');
    await page.locator('input[name="password_confirmation"]').fill('Secret@2026');
    await choose(page, 'الأدوار', 'مصحّح');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'حفظ' }).click();
    // Emails are unique whatever their case: the server's message lands under the field.
    await page.getByText('هذا البريد الإلكتروني مستخدم من قبل').waitFor();
    await page.locator('input[name="email"]').fill('sara@example.com');
    await page.getByRole('button', { name: 'حفظ' }).click();
    await toast(page, 'تم إنشاء المستخدم بنجاح');
    const row = page.getByRole('row', { name: /sara@example.com/ });
    await row.getByText('مصحّح').waitFor();
    await pageReady(page);
    await screenshot(page, 'users-ar');

    await row.getByRole('link', { name: 'تعديل' }).click();
    const roles = page.getByTestId('role-assignment');
    await roles.getByText('مصحّح').waitFor();
    await page.getByLabel('الدور المراد إضافته').click();
    await page.getByRole('option', { name: 'معدّ الاختبارات' }).click();
    await roles.getByRole('button', { name: 'إضافة دور' }).click();
    await roles.getByText('معدّ الاختبارات').waitFor();
    const password = page.getByTestId('set-password');
    await password.locator('input[name="password"]').fill('Fresh@2026');
    await password.locator('input[name="password_confirmation"]').fill('Fresh@2026');
    await password.getByRole('button', { name: 'تعيين كلمة المرور' }).click();
    await toast(page, 'تم تغيير كلمة المرور بنجاح');
    // A full-page picture of a scrolled page draws the sticky header mid-page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await pageReady(page);
    await screenshot(page, 'user-edit-ar');

    await page.getByRole('toolbar').getByRole('button', { name: 'حذف' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'تأكيد' }).click();
    await toast(page, 'تم حذف المستخدم بنجاح');
    await page.waitForURL(`${baseUrl}/settings/users`);
    await page.getByRole('row', { name: /author@example.com/ }).waitFor();
    expect(await page.getByRole('row', { name: /sara@example.com/ }).count()).toBe(0);
    await context.close();
  });

  it('shows a view-only user the list without Add and with the read-only message', async () => {
    const { context, page } = await freshPage();
    await signInAs(page, 'author@example.com', 'en');
    await page.goto(`${baseUrl}/settings/exams/skills`);
    await page.getByRole('heading', { name: 'Skills', level: 1 }).waitFor();
    await page.getByText('This page is read only, please contact the administrator for more information.').waitFor();
    await page.getByRole('table').or(page.getByTestId('no-data')).first().waitFor();
    expect(await page.getByRole('link', { name: 'Add' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await screenshot(page, 'skills-readonly-en');

    await page.evaluate(() => localStorage.setItem('language', 'ar'));
    await page.reload();
    await page.getByText('هذه الصفحة للقراءة فقط، يرجى التواصل مع المسؤول لمزيد من المعلومات.').waitFor();
    expect(await page.getByRole('link', { name: 'إضافة' }).count()).toBe(0);
    await screenshot(page, 'skills-readonly-ar');
    await context.close();
  });
});
