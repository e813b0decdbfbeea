// Signs the administrator and the staff user in once, through the real sign-in page, and stores
// their sessions: journeys that need a signed-in user start from them with
// `test.use({ storageState: STAFF_STORAGE.admin })`.
import fs from 'node:fs'
import path from 'node:path'
import { test as setup } from '@playwright/test'
import { signInBrowser, STAFF_STORAGE } from '../support/staff'

for (const who of ['admin', 'staff'] as const) {
  setup(`sign ${who} in`, async ({ page }) => {
    await signInBrowser(page, who)
    fs.mkdirSync(path.dirname(STAFF_STORAGE[who]), { recursive: true })
    await page.context().storageState({ path: STAFF_STORAGE[who] })
  })
}
