/** The console shell: site title, header navigation, language names and the shared pages. */
export default {
  app: {
    site_title: 'Arabic Benchmark Assessment',
    select_row: 'Select %{name}',
  },
  nav: {
    main: 'Main navigation',
    home: 'Home',
    exams: 'Exams',
    questions_bank: 'Questions bank',
    reports: 'Reports',
    all_reports: 'All reports',
    schools_list: 'Schools list',
    web_reports: 'Web reports',
    settings: 'Settings',
    exams_settings: 'Exams settings',
    questions_settings: 'Questions settings',
    system_settings: 'System settings',
    demo_requests: 'Demo requests',
    audit_log: 'Audit log',
    privacy: 'Privacy and retention',
    roles: 'Roles and permissions',
    waiting: 'Marking',
    school_home: 'My school',
    bookmark: 'Cut scores (bookmark)',
    simulator: 'Adaptive test simulator',
    calibrations: 'Calibrations',
    roster: 'Roster',
    language: 'Language',
    user_menu: 'User menu',
    profile: 'Profile',
    logout: 'Logout',
    logout_confirm_title: 'Log out',
    logout_confirm_content: 'Are you sure you want to log out?',
    sign_in: 'Sign in',
  },
  languages: {
    en: 'English',
    ar: 'العربية',
  },
  common: {
    go_home: 'Go to home page',
  },
  block: {
    title: 'Please use a larger screen',
    message:
      'This application works on desktop and laptop computers only. Please open it on a desktop or laptop, or widen your browser window to more than 1024 pixels.',
  },
  not_found: {
    title: 'Page Not Found',
    message: 'The page you are looking for does not exist or has been moved.',
  },
  restricted: {
    title: 'Access restricted',
  },
};
