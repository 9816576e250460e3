from comando_host.cli import main

raise SystemExit(main())
