; Windows installer for Locks Lesson (NSIS 3).
;
; Build (from the repository root, after `cargo build --release`):
;   makensis /DVERSION=0.1.0 /DEXE=%CD%\target\release\locks-lesson.exe ^
;            /DCLI_EXE=%CD%\target\release\locks-lesson-cli.exe ^
;            /DOUTFILE=%CD%\locks-lesson-0.1.0-windows-x64-setup.exe packaging\windows\installer.nsi
; makensis resolves relative paths from this script's folder, so pass EXE and OUTFILE as absolute
; paths. The installer is per user: it needs no administrator rights (classroom PCs), installs to
; %LOCALAPPDATA%\Programs\Locks Lesson, adds Start menu shortcuts and an entry in
; "Installed apps" with an uninstaller. Silent install: add /S when running the setup program.

; The setup program's own architecture: 32-bit by default, as official NSIS builds have only
; 32-bit stubs (the release workflow); /DTARGET=amd64-unicode makes a 64-bit one with the stubs
; of Debian's nsis (.ci/windows.sh: Debian's wine64 runs 64-bit programs only).
!ifdef TARGET
  Target ${TARGET}
!else
  Unicode true
!endif
!include "MUI2.nsh"

!ifndef VERSION
  !error "Pass the version: /DVERSION=x.y.z"
!endif
!ifndef EXE
  !error "Pass the path of locks-lesson.exe: /DEXE=C:\...\locks-lesson.exe"
!endif
!ifndef CLI_EXE
  !error "Pass the path of the console program: /DCLI_EXE=C:\...\locks-lesson-cli.exe"
!endif
!ifndef OUTFILE
  !define OUTFILE "locks-lesson-${VERSION}-windows-x64-setup.exe"
!endif

!define APPNAME "Locks Lesson"
!define UNINSTKEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\locks-lesson"

Name "${APPNAME}"
OutFile "${OUTFILE}"
InstallDir "$LOCALAPPDATA\Programs\${APPNAME}"
InstallDirRegKey HKCU "Software\locks-lesson" "InstallDir"
RequestExecutionLevel user
SetCompressor /SOLID lzma
ManifestDPIAware true

VIProductVersion "${VERSION}.0"
VIAddVersionKey "ProductName" "${APPNAME}"
VIAddVersionKey "ProductVersion" "${VERSION}"
VIAddVersionKey "FileVersion" "${VERSION}"
VIAddVersionKey "FileDescription" "${APPNAME} installer"
VIAddVersionKey "LegalCopyright" "Licensed under MIT or Apache-2.0"

!define MUI_ICON "icon.ico"
!define MUI_UNICON "icon.ico"
!define MUI_ABORTWARNING
!define MUI_FINISHPAGE_RUN "$INSTDIR\locks-lesson.exe"
!define MUI_FINISHPAGE_RUN_TEXT "Start ${APPNAME} now"

!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES
!insertmacro MUI_LANGUAGE "English"

Section "Install"
  SetOutPath "$INSTDIR"
  File "/oname=locks-lesson.exe" "${EXE}"
  ; The console twin: --help, --version and sim print in a terminal.
  File "/oname=locks-lesson-cli.exe" "${CLI_EXE}"
  File "/oname=locks-lesson.ico" "icon.ico"
  WriteUninstaller "$INSTDIR\uninstall.exe"

  ; The shortcuts take their icon from the .ico beside the program, so they show the app icon
  ; even for an .exe built without an embedded icon resource.
  CreateDirectory "$SMPROGRAMS\${APPNAME}"
  CreateShortcut "$SMPROGRAMS\${APPNAME}\${APPNAME}.lnk" "$INSTDIR\locks-lesson.exe" "" "$INSTDIR\locks-lesson.ico" 0
  CreateShortcut "$SMPROGRAMS\${APPNAME}\${APPNAME} (lecture mode).lnk" "$INSTDIR\locks-lesson.exe" "--lecture" "$INSTDIR\locks-lesson.ico" 0

  WriteRegStr HKCU "Software\locks-lesson" "InstallDir" "$INSTDIR"
  WriteRegStr HKCU "${UNINSTKEY}" "DisplayName" "${APPNAME}"
  WriteRegStr HKCU "${UNINSTKEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKCU "${UNINSTKEY}" "Publisher" "The locks-lesson authors"
  WriteRegStr HKCU "${UNINSTKEY}" "DisplayIcon" "$INSTDIR\locks-lesson.ico"
  WriteRegStr HKCU "${UNINSTKEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr HKCU "${UNINSTKEY}" "UninstallString" '"$INSTDIR\uninstall.exe"'
  WriteRegStr HKCU "${UNINSTKEY}" "QuietUninstallString" '"$INSTDIR\uninstall.exe" /S'
  WriteRegDWORD HKCU "${UNINSTKEY}" "NoModify" 1
  WriteRegDWORD HKCU "${UNINSTKEY}" "NoRepair" 1
SectionEnd

Section "Uninstall"
  Delete "$INSTDIR\locks-lesson.exe"
  Delete "$INSTDIR\locks-lesson-cli.exe"
  Delete "$INSTDIR\locks-lesson.ico"
  Delete "$INSTDIR\uninstall.exe"
  RMDir "$INSTDIR"
  Delete "$SMPROGRAMS\${APPNAME}\${APPNAME}.lnk"
  Delete "$SMPROGRAMS\${APPNAME}\${APPNAME} (lecture mode).lnk"
  RMDir "$SMPROGRAMS\${APPNAME}"
  DeleteRegKey HKCU "${UNINSTKEY}"
  DeleteRegKey HKCU "Software\locks-lesson"
SectionEnd
