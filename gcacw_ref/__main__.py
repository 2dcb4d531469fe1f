from gcacw_ref.cli import main

raise SystemExit(main())
